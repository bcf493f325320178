/**
 * Writing the WebDAV response bodies (RFC 4918): 207 Multi-Status (whole, or streamed as opening,
 * one D:response at a time and closing) and DAV:error bodies naming a precondition. Every body
 * binds the prefix D to DAV:; lock bodies are in dav-lock-xml.ts.
 */
import { STATUS_CODES } from 'node:http';
import { DAV_NS, XML_NS, type XmlName } from './dav-xml-parse';
import { elementXml, escapeAttribute, escapeXml } from './dav-xml-serialize';

/**
 * One property in a response. `xml` is its content: a content tail (serializeContent: dead
 * property values) or self-contained content (escaped text, elements declaring what they use: live
 * values, values stored by earlier versions); '' or absent = empty element.
 */
export interface PropEntry {
  name: XmlName;
  xml?: string;
}

/** A DAV:propstat: properties sharing one status. */
export interface PropStat {
  status: number;
  props: PropEntry[];
  /** DAV: precondition element name (e.g. 'cannot-modify-protected-property'), optional */
  error?: string;
  description?: string;
}

/** A DAV:response: either propstats (PROPFIND, PROPPATCH) or one status (errors of COPY, MOVE, DELETE, LOCK). */
export interface DavResponse {
  href: string;
  propstats?: PropStat[];
  status?: number;
  error?: string;
  description?: string;
}

/** The XML declaration every response body starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

/** The status line RFC 4918 puts in DAV:status, e.g. `HTTP/1.1 423 Locked`. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
}

/** Prefix of the namespaces of property names, declared once on their D:prop (n0, n1, …). */
const NAME_PREFIX = 'n';

/**
 * A D:prop with these properties: DAV: ones as `D:x`, no namespace as `<x xmlns="">`, others with a
 * prefix declared once on the D:prop, however many properties share it (a PROPPATCH naming
 * thousands of properties of one long namespace is answered with that namespace written once).
 */
function propXml(props: PropEntry[]): string {
  const prefixes = new Map<string, string>();
  const declarations: string[] = [];
  const properties = props.map((entry) => {
    const { ns, local } = entry.name;
    let name: string;
    let declaration = '';
    if (ns === DAV_NS) {
      name = `D:${local}`;
    } else if (ns === '') {
      name = local;
      declaration = ' xmlns=""';
    } else if (ns === XML_NS) {
      name = `xml:${local}`;
    } else {
      let prefix = prefixes.get(ns);
      if (prefix === undefined) {
        prefix = `${NAME_PREFIX}${prefixes.size}`;
        prefixes.set(ns, prefix);
        declarations.push(` xmlns:${prefix}="${escapeAttribute(ns)}"`);
      }
      name = `${prefix}:${local}`;
    }
    return elementXml(name, declaration, entry.xml ?? '');
  });
  return `<D:prop${declarations.join('')}>${properties.join('')}</D:prop>`;
}

function errorXml(condition: string | undefined): string {
  return condition ? `<D:error><D:${condition}/></D:error>` : '';
}

function descriptionXml(description: string | undefined): string {
  return description ? `<D:responsedescription>${escapeXml(description)}</D:responsedescription>` : '';
}

/** One D:response element (for the streaming multistatus). */
export function responseXml(response: DavResponse): string {
  const parts = [`<D:response><D:href>${escapeXml(response.href)}</D:href>`];
  for (const propstat of response.propstats ?? []) {
    parts.push(
      `<D:propstat>${propXml(propstat.props)}`,
      `<D:status>${statusLine(propstat.status)}</D:status>`,
      errorXml(propstat.error),
      descriptionXml(propstat.description),
      '</D:propstat>',
    );
  }
  if (response.status !== undefined) parts.push(`<D:status>${statusLine(response.status)}</D:status>`);
  parts.push(errorXml(response.error), descriptionXml(response.description), '</D:response>\n');
  return parts.join('');
}

/** The start of a 207 body: the XML declaration and the D:multistatus opening tag. */
export function multistatusOpen(): string {
  return `${XML_DECLARATION}<D:multistatus xmlns:D="DAV:">\n`;
}

/** The end of a 207 body. */
export function multistatusClose(): string {
  return '</D:multistatus>\n';
}

/** A whole 207 Multi-Status body of these responses (hrefs percent-encoded by the caller). */
export function multistatus(responses: DavResponse[]): string {
  return multistatusOpen() + responses.map(responseXml).join('') + multistatusClose();
}

/** A DAV:error body naming a precondition (e.g. 'lock-token-submitted' with the hrefs of the locked resources). */
export function davErrorBody(condition: string, hrefs?: string[]): string {
  const inner = (hrefs ?? []).map((href) => `<D:href>${escapeXml(href)}</D:href>`).join('');
  const conditionXml = inner === '' ? `<D:${condition}/>` : `<D:${condition}>${inner}</D:${condition}>`;
  return `${XML_DECLARATION}<D:error xmlns:D="DAV:">${conditionXml}</D:error>\n`;
}

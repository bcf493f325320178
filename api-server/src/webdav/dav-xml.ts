import { STATUS_CODES } from 'node:http';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * The XML of the WebDAV server (RFC 4918): request bodies (PROPFIND, PROPPATCH, LOCK) are parsed
 * strictly with saxes into a small namespace-resolved tree, and response bodies (207 Multi-Status,
 * DAV:error, lock discovery) are written here, so every handler escapes and declares namespaces the
 * same way. A request body that is not well-formed, breaks XML Namespaces, carries a DTD or exceeds
 * the limits is a DavXmlError, which the handlers answer with 400.
 */

/** A qualified XML name; ns '' = no namespace. */
export interface XmlName {
  ns: string;
  local: string;
}

/** An element of a parsed body with its namespace resolved; namespace declarations are not kept as attributes. */
export interface XmlElement {
  ns: string;
  local: string;
  attributes: Array<{ ns: string; local: string; value: string }>;
  children: XmlNode[];
}

/** A child of an element: an element or a run of character data (CDATA included). */
export type XmlNode = XmlElement | { text: string };

/**
 * Thrown for a body that is not well-formed XML, breaks XML Namespaces (e.g. `xmlns:bar=""`
 * undeclaring a prefix, an undeclared prefix), has a DOCTYPE (refuse any DTD: no entity expansion),
 * exceeds limits, or does not have the expected DAV: shape. Handlers answer 400.
 */
export class DavXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DavXmlError';
  }
}

/** The largest request body the handlers read (they enforce it while reading; the parser only sees strings). */
export const MAX_XML_BODY_BYTES = 1024 * 1024;
/** Deepest element nesting the parser accepts, so a hostile body cannot exhaust the stack of later walks. */
export const MAX_XML_DEPTH = 64;
/** Most elements the parser accepts in one body. */
export const MAX_XML_ELEMENTS = 100_000;
/**
 * Most property names one PROPFIND may ask for (DAV:prop, or DAV:include with allprop). Every
 * member of a Depth 1 answer lists each of them, found or 404, so 100,000 names in a 1 MiB body
 * would make each member's answer ~1 MB; clients ask for a dozen.
 */
export const MAX_PROPFIND_NAMES = 1000;

/** The DAV: namespace. */
export const DAV_NS = 'DAV:';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Whether a node is an element (not text). */
export function isElement(node: XmlNode): node is XmlElement {
  return 'local' in node;
}

/**
 * Parses a whole document strictly (well-formed, namespace-well-formed, no DOCTYPE, at most
 * MAX_XML_DEPTH deep and MAX_XML_ELEMENTS elements) and returns its root element.
 */
export function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  parser.on('error', (error) => {
    throw new DavXmlError(`not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    throw new DavXmlError('a DOCTYPE is not accepted');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements += 1;
    if (elements > MAX_XML_ELEMENTS) throw new DavXmlError('too many elements');
    if (stack.length >= MAX_XML_DEPTH) throw new DavXmlError('elements nested too deeply');
    const element: XmlElement = { ns: tag.uri, local: tag.local, attributes: [], children: [] };
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === XMLNS_NS) continue;
      element.attributes.push({ ns: attribute.uri, local: attribute.local, value: attribute.value });
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string): void => {
    const parent = stack[stack.length - 1];
    if (!parent || text === '') return;
    const last = parent.children[parent.children.length - 1];
    if (last && !isElement(last)) last.text += text;
    else parent.children.push({ text });
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(body.startsWith('\uFEFF') ? body.slice(1) : body).close();
  } catch (error) {
    if (error instanceof DavXmlError) throw error;
    throw new DavXmlError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!root) throw new DavXmlError('no root element');
  return root;
}

/**
 * The text with the characters XML 1.0 cannot carry (C0 controls other than tab, LF and CR,
 * U+FFFE, U+FFFF and lone surrogates) replaced by U+FFFD.
 */
function xmlCharsOnly(text: string): string {
  let result = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    let bad = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else bad = true;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      bad = true;
    }
    if (bad) {
      result += `${text.slice(start, i)}\uFFFD`;
      start = i + 1;
    }
  }
  return start === 0 ? text : result + text.slice(start);
}

/**
 * Text made safe for element content and attribute values: markup characters and quotes escaped,
 * CR as a character reference (so it survives line-end normalisation), and characters XML 1.0 cannot
 * carry replaced by U+FFFD. Characters above U+FFFF are written as they are.
 */
export function escapeXml(text: string): string {
  return xmlCharsOnly(text).replace(/[&<>"'\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return '&#13;';
    }
  });
}

/** An attribute value escaped so that attribute-value normalisation gives back the same tabs and newlines. */
function escapeAttribute(value: string): string {
  return escapeXml(value).replace(/[\t\n]/g, (c) => (c === '\t' ? '&#9;' : '&#10;'));
}

/**
 * A serialisation went over its cap (a lock owner, a dead property's value, all values of one
 * PROPPATCH): it stopped there, so a small hostile body never turns into a large string.
 */
export class DavXmlSizeError extends DavXmlError {
  constructor(readonly maxBytes: number) {
    super(`serialized XML over ${maxBytes} bytes`);
    this.name = 'DavXmlSizeError';
  }
}

/** Prefixes of the namespaces a content tail declares (v0, v1, …): never D, nor the n0, n1, … of property names. */
const CONTENT_PREFIX = 'v';

/**
 * Writes the content of one element as a tail (see serializeContent), counting UTF-8 bytes as it
 * goes and throwing DavXmlSizeError as soon as they pass the cap. Each namespace is declared once,
 * for the whole tail, whatever the number of elements and attributes using it.
 */
class ContentWriter {
  private readonly declarations: string[] = [];
  private readonly parts: string[] = [];
  private readonly prefixes = new Map<string, string>();
  private bytes = 1; // the '>' between declarations and content

  constructor(private readonly maxBytes: number) {
    if (this.bytes > maxBytes) throw new DavXmlSizeError(maxBytes);
  }

  private count(text: string): void {
    this.bytes += Buffer.byteLength(text, 'utf8');
    if (this.bytes > this.maxBytes) throw new DavXmlSizeError(this.maxBytes);
  }

  private write(text: string): void {
    this.count(text);
    this.parts.push(text);
  }

  /** The qualified name of an element or attribute: unprefixed in no namespace, `xml:` for XML's own, else a declared prefix. */
  private qualified(ns: string, local: string): string {
    if (ns === '') return local;
    if (ns === XML_NS) return `xml:${local}`;
    let prefix = this.prefixes.get(ns);
    if (prefix === undefined) {
      prefix = `${CONTENT_PREFIX}${this.prefixes.size}`;
      const declaration = ` xmlns:${prefix}="${escapeAttribute(ns)}"`;
      this.count(declaration);
      this.prefixes.set(ns, prefix);
      this.declarations.push(declaration);
    }
    return `${prefix}:${local}`;
  }

  nodes(nodes: XmlNode[]): void {
    for (const node of nodes) {
      if (!isElement(node)) {
        this.write(escapeXml(node.text));
        continue;
      }
      const name = this.qualified(node.ns, node.local);
      this.write(`<${name}`);
      for (const attribute of node.attributes) {
        this.write(` ${this.qualified(attribute.ns, attribute.local)}="${escapeAttribute(attribute.value)}"`);
      }
      if (node.children.length === 0) {
        this.write('/>');
      } else {
        this.write('>');
        this.nodes(node.children);
        this.write(`</${name}>`);
      }
    }
  }

  tail(): string {
    return `${this.declarations.join('')}>${this.parts.join('')}`;
  }
}

/**
 * The content of `element` (its children) as a content tail: the namespace declarations the
 * content needs, each namespace once, then `>`, then the children — everything that follows
 * `<name` in `<name …>…</name>` but the end tag. How a dead property's value and a lock's owner
 * are stored; `elementXml` writes it back inside any element that has no default namespace in
 * scope (every body written here: they bind only prefixes). Elements in no namespace are
 * unprefixed, elements and attributes in a namespace use the tail's prefixes.
 *
 * At most `maxBytes` UTF-8 bytes: past them it throws DavXmlSizeError, having written no more than
 * that (so a body cannot make it build a large string, however its namespaces are laid out).
 */
export function serializeContent(element: XmlElement, maxBytes: number): string {
  const writer = new ContentWriter(maxBytes);
  writer.nodes(element.children);
  return writer.tail();
}

/**
 * A content tail starts with `>` or with a namespace declaration (` xmlns:p="`). Content written
 * before tails existed (values and owners stored by earlier versions: self-contained children,
 * each element declaring its own namespaces) and live property values never do: their text
 * escapes every `>` and `"`, so neither appears before their first `<`.
 */
const CONTENT_TAIL = /^(?:>| xmlns:[A-Za-z_][\w.-]*=")/;

/** The content tail of `content`: itself when it is one, else (self-contained content) `>` + content. */
export function contentTail(content: string): string {
  return CONTENT_TAIL.test(content) ? content : `>${content}`;
}

/**
 * An element named `name` (already qualified; `attributes` written as they are) holding `content`:
 * a content tail or self-contained content. Empty content gives an empty-element tag.
 */
export function elementXml(name: string, attributes: string, content: string): string {
  const tail = contentTail(content);
  return tail === '>' ? `<${name}${attributes}/>` : `<${name}${attributes}${tail}</${name}>`;
}

function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter(isElement);
}

function isDav(element: XmlElement, local: string): boolean {
  return element.ns === DAV_NS && element.local === local;
}

function nameOf(element: XmlElement): XmlName {
  return { ns: element.ns, local: element.local };
}

/** The one element of a list, or a DavXmlError saying what was expected. */
function exactlyOne(list: XmlElement[], message: string): XmlElement {
  const [only] = list;
  if (list.length !== 1 || !only) throw new DavXmlError(message);
  return only;
}

function parseDavRoot(body: string, local: string): XmlElement {
  const root = parseXml(body);
  if (!isDav(root, local)) throw new DavXmlError(`the root element must be DAV:${local}`);
  return root;
}

/** What a PROPFIND asks for. Empty or whitespace-only body → { kind: 'allprop', include: [] }. */
export type PropfindRequest = { kind: 'allprop'; include: XmlName[] } | { kind: 'propname' } | { kind: 'prop'; props: XmlName[] };

/**
 * Reads a PROPFIND body. Root must be DAV: propfind with exactly one of allprop (optional sibling
 * DAV:include listing names), propname, prop; other elements are ignored as RFC 4918 §17 asks.
 * Otherwise, or with more than MAX_PROPFIND_NAMES names, DavXmlError.
 */
export function parsePropfind(body: string): PropfindRequest {
  if (body.trim() === '') return { kind: 'allprop', include: [] };
  const root = parseDavRoot(body, 'propfind');
  const children = childElements(root);
  const kind = exactlyOne(
    children.filter((child) => isDav(child, 'allprop') || isDav(child, 'propname') || isDav(child, 'prop')),
    'DAV:propfind needs exactly one of allprop, propname, prop',
  );
  const includes = children.filter((child) => isDav(child, 'include'));
  if (kind.local !== 'allprop' && includes.length > 0) throw new DavXmlError('DAV:include goes with DAV:allprop only');
  if (kind.local === 'propname') return { kind: 'propname' };
  const names = kind.local === 'prop' ? childElements(kind).map(nameOf) : includes.flatMap((include) => childElements(include).map(nameOf));
  if (names.length > MAX_PROPFIND_NAMES) throw new DavXmlError(`more than ${MAX_PROPFIND_NAMES} property names`);
  return kind.local === 'prop' ? { kind: 'prop', props: names } : { kind: 'allprop', include: names };
}

/** One change of a PROPPATCH, in document order; `valueXml` is the property element's content tail (serializeContent). */
export type PropPatchOp = { op: 'set'; name: XmlName; valueXml: string } | { op: 'remove'; name: XmlName };

/** How much of a PROPPATCH's values `parseProppatch` serialises before it gives up. */
export interface ProppatchLimits {
  /** The most one value may take (UTF-8 bytes of its content tail). */
  maxValueBytes: number;
  /** The most all values of the request may take together. */
  maxTotalBytes: number;
}

/**
 * A PROPPATCH as read: its changes in document order, or — when a value, or all of them together,
 * went over the limits — only what it names (serialisation stopped at the first value over them,
 * so nothing was built beyond the limits). RFC 4918 §9.2: such a request changes nothing.
 */
export type Proppatch = { ops: PropPatchOp[] } | { overLimit: Array<{ op: 'set' | 'remove'; name: XmlName }> };

/**
 * Reads a PROPPATCH body: DAV: propertyupdate with DAV:set / DAV:remove children (in document
 * order), each holding DAV:prop with property elements. Empty body or wrong root → DavXmlError.
 */
export function parseProppatch(body: string, limits: ProppatchLimits): Proppatch {
  if (body.trim() === '') throw new DavXmlError('PROPPATCH needs a body');
  const root = parseDavRoot(body, 'propertyupdate');
  const instructions = childElements(root).filter((child) => isDav(child, 'set') || isDav(child, 'remove'));
  if (instructions.length === 0) throw new DavXmlError('DAV:propertyupdate needs DAV:set or DAV:remove');
  const named: Array<{ op: 'set' | 'remove'; property: XmlElement }> = [];
  for (const instruction of instructions) {
    const props = exactlyOne(
      childElements(instruction).filter((child) => isDav(child, 'prop')),
      `DAV:${instruction.local} needs one DAV:prop`,
    );
    for (const property of childElements(props)) named.push({ op: instruction.local === 'set' ? 'set' : 'remove', property });
  }
  const ops: PropPatchOp[] = [];
  let total = 0;
  try {
    for (const { op, property } of named) {
      if (op === 'remove') {
        ops.push({ op, name: nameOf(property) });
        continue;
      }
      const valueXml = serializeContent(property, Math.min(limits.maxValueBytes, limits.maxTotalBytes - total));
      total += Buffer.byteLength(valueXml, 'utf8');
      ops.push({ op, name: nameOf(property), valueXml });
    }
  } catch (error) {
    if (!(error instanceof DavXmlSizeError)) throw error;
    return { overLimit: named.map(({ op, property }) => ({ op, name: nameOf(property) })) };
  }
  return { ops };
}

/** What a LOCK body asks for: the scope and the owner's content tail (serializeContent; null when absent). */
export interface LockInfo {
  scope: 'exclusive' | 'shared';
  ownerXml: string | null;
}

function onlyDavChild(parent: XmlElement, allowed: string[]): string {
  const children = childElements(parent).filter((child) => child.ns === DAV_NS && allowed.includes(child.local));
  return exactlyOne(children, `DAV:${parent.local} needs exactly one of ${allowed.join(', ')}`).local;
}

/**
 * Reads a LOCK body: DAV: lockinfo with lockscope (exclusive|shared), locktype (must be write),
 * optional owner. Empty/whitespace body → null (a lock refresh). Anything else malformed → DavXmlError;
 * an owner whose content tail would pass `maxOwnerBytes` → DavXmlSizeError (serialisation stops there).
 */
export function parseLockinfo(body: string, maxOwnerBytes: number): LockInfo | null {
  if (body.trim() === '') return null;
  const root = parseDavRoot(body, 'lockinfo');
  const find = (local: string): XmlElement[] => childElements(root).filter((child) => isDav(child, local));
  const owners = find('owner');
  if (owners.length > 1) throw new DavXmlError('DAV:lockinfo has at most one owner');
  const scope = onlyDavChild(exactlyOne(find('lockscope'), 'DAV:lockinfo needs one lockscope'), ['exclusive', 'shared']);
  onlyDavChild(exactlyOne(find('locktype'), 'DAV:lockinfo needs one locktype'), ['write']);
  const [owner] = owners;
  return { scope: scope === 'shared' ? 'shared' : 'exclusive', ownerXml: owner ? serializeContent(owner, maxOwnerBytes) : null };
}

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

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

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

/** What DAV:lockdiscovery shows of one active lock. */
export interface ActiveLockView {
  token: string;
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  /** The owner's content: a content tail (serializeContent) or content stored by earlier versions. */
  ownerXml: string | null;
  timeoutSeconds: number;
  rootHref: string;
}

/**
 * Inner XML of DAV:lockdiscovery for these locks. It uses the prefix D, so it goes inside a body
 * that binds D to DAV: (multistatus, lockResponseBody).
 */
export function lockDiscoveryXml(locks: ActiveLockView[]): string {
  return locks
    .map((lock) => {
      const timeout = Number.isFinite(lock.timeoutSeconds) ? `Second-${Math.max(0, Math.floor(lock.timeoutSeconds))}` : 'Infinite';
      return [
        '<D:activelock>',
        '<D:locktype><D:write/></D:locktype>',
        `<D:lockscope><D:${lock.scope}/></D:lockscope>`,
        `<D:depth>${lock.depth}</D:depth>`,
        lock.ownerXml === null ? '' : elementXml('D:owner', '', lock.ownerXml),
        `<D:timeout>${timeout}</D:timeout>`,
        `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>`,
        `<D:lockroot><D:href>${escapeXml(lock.rootHref)}</D:href></D:lockroot>`,
        '</D:activelock>',
      ].join('');
    })
    .join('');
}

/** The LOCK response body: D:prop holding the resource's D:lockdiscovery. */
export function lockResponseBody(locks: ActiveLockView[]): string {
  return `${XML_DECLARATION}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${lockDiscoveryXml(locks)}</D:lockdiscovery></D:prop>\n`;
}

/** Inner XML of DAV:supportedlock: exclusive write and shared write locks. */
export const SUPPORTED_LOCK_XML =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>';

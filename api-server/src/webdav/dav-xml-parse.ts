/**
 * Parsing the XML of WebDAV request bodies (RFC 4918): strictly, with saxes, into a small
 * namespace-resolved tree. A body that is not well-formed, breaks XML Namespaces, carries a DTD or
 * exceeds the limits here is a DavXmlError, which the handlers answer with 400. What PROPFIND,
 * PROPPATCH and LOCK bodies mean is read in dav-xml-requests.ts; response bodies are written in
 * dav-xml-responses.ts, dav-lock-xml.ts and (escaping, stored content) dav-xml-serialize.ts.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

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

/** The DAV: namespace. */
export const DAV_NS = 'DAV:';
/** The namespace of the reserved `xml:` prefix. */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
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

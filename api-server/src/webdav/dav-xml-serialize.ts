/**
 * Writing XML text safely: escaping of element content and attribute values, and the "content
 * tails" in which a dead property's value or a lock's owner is stored (serializeContent) and written
 * back into a response element (elementXml), each under a byte cap (DavXmlSizeError).
 */
import { DavXmlError, isElement, XML_NS, type XmlElement, type XmlNode } from './dav-xml-parse';

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
export function escapeAttribute(value: string): string {
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

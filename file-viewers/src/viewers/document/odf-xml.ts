/**
 * OpenDocument (ODF) XML, the parts an .odt and an .odp reader share: the namespaces (ODF 1.2/1.3)
 * and small accessors of elements and attributes by namespace.
 */

/** The ODF namespaces used here (ODF 1.2/1.3). */
export const ODF_NS = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  presentation: 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
  xlink: 'http://www.w3.org/1999/xlink',
  manifest: 'urn:oasis:names:tc:opendocument:xmlns:manifest:1.0',
} as const;

/** The attribute `name` in namespace `ns` ('' when absent). */
export function odfAttr(element: Element, ns: string, name: string): string {
  return element.getAttributeNS(ns, name) ?? '';
}

/** The element children of `element` (in document order). */
export function odfChildren(element: Element): Element[] {
  return Array.from(element.children);
}

/** The first child of `element` named `ns:name`. */
export function odfChild(element: Element, ns: string, name: string): Element | null {
  for (const child of Array.from(element.children)) if (child.namespaceURI === ns && child.localName === name) return child;
  return null;
}

/**
 * Test helpers of the WebDAV XML tests (dav-xml-*.test.ts, dav-lock-xml.test.ts), not a test
 * itself: building request bodies, and reading parsed trees and written bodies back.
 */
import { isElement, parseXml, type XmlElement, type XmlNode } from '../webdav/dav-xml-parse';
import { parseProppatch, type PropPatchOp } from '../webdav/dav-xml-requests';
import { multistatus } from '../webdav/dav-xml-responses';
import { contentTail } from '../webdav/dav-xml-serialize';

export const DAV_DOC = (inner: string): string => `<?xml version="1.0" encoding="utf-8"?>\n${inner}`;
/** Limits far above what these tests write. */
export const ROOMY = { maxValueBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024 };

/** The changes of a PROPPATCH that stayed within its limits. */
export function opsOf(body: string, limits = ROOMY): PropPatchOp[] {
  const patch = parseProppatch(body, limits);
  if (!('ops' in patch)) throw new Error('over the limits');
  return patch.ops;
}

/** The children of `content` (a content tail or self-contained content) written into an element and parsed back. */
export function reparsed(content: string, outer = '<w>'): XmlNode[] {
  const name = /^<(\w+)/.exec(outer)?.[1] ?? 'w';
  return parseXml(`${outer.slice(0, -1)}${contentTail(content)}</${name}>`).children;
}

/** The element a test expects to be there; a missing one fails the test. */
export function present(element: XmlElement | undefined): XmlElement {
  if (!element) throw new Error('expected an element');
  return element;
}

export function elements(element: XmlElement | undefined): XmlElement[] {
  return present(element).children.filter(isElement);
}

export function textOf(element: XmlElement | undefined): string {
  return present(element)
    .children.map((node: XmlNode) => (isElement(node) ? textOf(node) : node.text))
    .join('');
}

/** The property elements of the first propstat of the first response of a 207 body, parsed back. */
export function returnedProps(body: string): XmlElement[] {
  const root = parseXml(body);
  expect(root).toMatchObject({ ns: 'DAV:', local: 'multistatus' });
  const [response] = elements(root);
  const [propstat] = elements(response).filter((child) => child.local === 'propstat');
  const [prop] = elements(propstat).filter((child) => child.local === 'prop');
  return elements(prop);
}

/** A PROPPATCH value stored and then written back in a PROPFIND answer, parsed again. */
export function roundTripProperty(propertyXml: string): XmlElement {
  const ops = opsOf(DAV_DOC(`<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${propertyXml}</D:prop></D:set></D:propertyupdate>`));
  expect(ops).toHaveLength(1);
  const [op] = ops;
  if (op?.op !== 'set') throw new Error('expected a set');
  const body = multistatus([{ href: '/dav/a', propstats: [{ status: 200, props: [{ name: op.name, xml: op.valueXml }] }] }]);
  return present(returnedProps(body)[0]);
}

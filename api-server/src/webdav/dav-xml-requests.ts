/**
 * Reading the WebDAV request bodies (RFC 4918) once parsed (dav-xml-parse.ts): what a PROPFIND asks
 * for, the changes of a PROPPATCH (values kept as content tails, under limits) and what a LOCK asks
 * for. A body of the wrong shape is a DavXmlError, which the handlers answer with 400.
 */
import { DAV_NS, DavXmlError, isElement, parseXml, type XmlElement, type XmlName } from './dav-xml-parse';
import { DavXmlSizeError, serializeContent } from './dav-xml-serialize';

/**
 * Most property names one PROPFIND may ask for (DAV:prop, or DAV:include with allprop). Every
 * member of a Depth 1 answer lists each of them, found or 404, so 100,000 names in a 1 MiB body
 * would make each member's answer ~1 MB; clients ask for a dozen.
 */
export const MAX_PROPFIND_NAMES = 1000;

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

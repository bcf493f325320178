import { Readable } from 'node:stream';
import { HttpError } from '../http/http-error';
import type { QuotaState } from '../services/upload-reservations';
import { DavConditionError, depthOf, parseBody, readXmlBody, sendXml, type DavRequest } from './dav-context';
import type { DavLock } from './dav-locks';
import { davHref } from './dav-paths';
import type { DeadProperty } from './dav-properties';
import type { DavMember, DavResource } from './dav-resources';
import { lockDiscoveryXml, SUPPORTED_LOCK_XML } from './dav-lock-xml';
import type { XmlName } from './dav-xml-parse';
import { parsePropfind, type PropfindRequest } from './dav-xml-requests';
import { multistatusClose, multistatusOpen, responseXml, type PropEntry, type PropStat } from './dav-xml-responses';
import { escapeXml } from './dav-xml-serialize';

export const DAV_NS = 'DAV:';

/** Live properties (RFC 4918 §15, RFC 4331): computed, never stored, protected from PROPPATCH. */
export const LIVE_PROPERTIES = [
  'creationdate',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'supportedlock',
  'lockdiscovery',
  'quota-available-bytes',
  'quota-used-bytes',
] as const;
/** Not part of `allprop` (RFC 4331 §3: quota properties are only returned when asked for). */
const NOT_IN_ALLPROP = new Set(['quota-available-bytes', 'quota-used-bytes']);

export function isLiveProperty(name: XmlName): boolean {
  return name.ns === DAV_NS && (LIVE_PROPERTIES as readonly string[]).includes(name.local);
}

/** What the properties of one member are computed from. */
interface MemberFacts {
  member: DavMember;
  locks: DavLock[];
  dead: DeadProperty[];
  /** The quota of the storage the collection lives in (absent above the mounts). */
  quota?: QuotaState;
}

/** The value (inner XML) of a live property of a member, or undefined when it has none. */
function liveValue(local: string, facts: MemberFacts): string | undefined {
  const { member } = facts;
  switch (local) {
    case 'resourcetype':
      return member.isCollection ? '<D:collection/>' : '';
    case 'displayname':
      return escapeXml(member.name);
    case 'getcontentlength':
      return member.isCollection ? undefined : String(member.size ?? 0);
    case 'getcontenttype':
      return member.isCollection ? undefined : escapeXml(member.contentType ?? 'application/octet-stream');
    case 'getetag':
      return member.etag === undefined ? undefined : escapeXml(member.etag);
    case 'getlastmodified':
      return member.lastModified ? member.lastModified.toUTCString() : undefined;
    case 'creationdate':
      return member.lastModified ? member.lastModified.toISOString() : undefined;
    case 'supportedlock':
      return SUPPORTED_LOCK_XML;
    case 'lockdiscovery':
      return lockDiscoveryXml(
        facts.locks.map((lock) => ({
          token: lock.token,
          scope: lock.scope,
          depth: lock.depth,
          ownerXml: lock.ownerXml,
          timeoutSeconds: lock.timeoutSeconds,
          rootHref: davHref(lock.root, lock.root === member.path ? member.isCollection : true),
        })),
      );
    case 'quota-available-bytes':
      return member.isCollection && facts.quota ? String(Math.max(0, facts.quota.remaining)) : undefined;
    case 'quota-used-bytes':
      return member.isCollection && facts.quota ? String(Math.max(0, facts.quota.used)) : undefined;
    default:
      return undefined;
  }
}

/** The propstat groups of one member for a PROPFIND request. */
export function propstatsOf(request: PropfindRequest, facts: MemberFacts): PropStat[] {
  if (request.kind === 'propname') {
    const names: PropEntry[] = LIVE_PROPERTIES.filter((local) => liveValue(local, facts) !== undefined).map((local) => ({
      name: { ns: DAV_NS, local },
    }));
    for (const property of facts.dead) names.push({ name: { ns: property.ns, local: property.local } });
    return [{ status: 200, props: names }];
  }
  const found: PropEntry[] = [];
  const missing: PropEntry[] = [];
  const wanted: XmlName[] =
    request.kind === 'prop'
      ? request.props
      : [
          ...LIVE_PROPERTIES.filter((local) => !NOT_IN_ALLPROP.has(local)).map((local) => ({ ns: DAV_NS, local })),
          ...facts.dead.map((property) => ({ ns: property.ns, local: property.local })),
          ...request.include.filter((name) => !(name.ns === DAV_NS && !NOT_IN_ALLPROP.has(name.local))),
        ];
  const seen = new Set<string>();
  for (const name of wanted) {
    const key = `${name.ns}\u0000${name.local}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const value = isLiveProperty(name)
      ? liveValue(name.local, facts)
      : facts.dead.find((property) => property.ns === name.ns && property.local === name.local)?.valueXml;
    if (value === undefined) missing.push({ name });
    else found.push({ name, xml: value });
  }
  const stats: PropStat[] = [];
  if (found.length > 0 || missing.length === 0) stats.push({ status: 200, props: found });
  if (missing.length > 0) stats.push({ status: 404, props: missing });
  return stats;
}

/** Locks that apply to `member`, from the locks covering its collection and those rooted inside it. */
function locksOf(member: DavMember, collectionPath: string, covering: readonly DavLock[], within: readonly DavLock[]): DavLock[] {
  if (member.path === collectionPath) return [...covering];
  const inherited = covering.filter((lock) => lock.depth === 'infinity');
  const own = within.filter((lock) => lock.root === member.path || (lock.depth === 'infinity' && member.path.startsWith(`${lock.root}/`)));
  const byToken = new Map([...inherited, ...own].map((lock) => [lock.token, lock]));
  return [...byToken.values()];
}

/** PROPFIND (RFC 4918 §9.1): Depth 0 or 1 (infinity refused with 403 propfind-finite-depth), streamed. */
export async function handlePropfind(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const depth = depthOf(request, 'infinity', ['0', '1', 'infinity']);
  if (depth === 'infinity') throw new DavConditionError(403, 'dav.finiteDepthOnly', 'propfind-finite-depth');
  const propfind = parseBody(parsePropfind, await readXmlBody(request));
  const resource = await deps.resources.resolve(dav.caller, dav.path);
  if (resource.kind === 'stored' && resource.state.type === 'missing') throw new HttpError(404, 'fs.notFound');

  const needsLocks = propfind.kind !== 'prop' || propfind.props.some((name) => name.ns === DAV_NS && name.local === 'lockdiscovery');
  const needsDead = propfind.kind !== 'prop' || propfind.props.some((name) => !isLiveProperty(name));
  const needsQuota = propfind.kind === 'prop' && propfind.props.some((name) => name.ns === DAV_NS && name.local.startsWith('quota-'));
  const covering = needsLocks ? await deps.locks.covering(resource.path) : [];
  const within = needsLocks && depth === '1' ? await deps.locks.within(resource.path) : [];
  const quota = needsQuota && resource.kind === 'stored' ? await deps.reservations.quota(resource.target.config) : undefined;

  const describe = async (member: DavMember): Promise<string> => {
    const facts: MemberFacts = {
      member,
      locks: needsLocks ? locksOf(member, resource.path, covering, within) : [],
      dead: needsDead ? await deps.properties.list(member.path) : [],
      quota,
    };
    return responseXml({ href: davHref(member.path, member.isCollection), propstats: propstatsOf(propfind, facts) });
  };

  const self = deps.resources.describe(resource);
  async function* body(): AsyncGenerator<string> {
    yield multistatusOpen();
    yield await describe(self);
    if (depth === '1' && self.isCollection) {
      for await (const page of deps.resources.members(resource as DavResource)) {
        const parts: string[] = [];
        for (const member of page) parts.push(await describe(member));
        yield parts.join('');
      }
    }
    yield multistatusClose();
  }
  return sendXml(reply, 207, Readable.from(body()));
}

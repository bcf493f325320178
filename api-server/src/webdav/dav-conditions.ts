import { HttpError } from '../http/http-error';
import { DavConditionError, headerOf, type DavRequest } from './dav-context';
import { DavIfHeaderError, evaluateIf, parseIfHeader, submittedLockTokens, type IfResourceState } from './dav-if-header';
import type { DavLock } from './dav-locks';
import { davHref, davPathOf, pathOfUrl } from './dav-paths';
import { etagOf, exists, isCollection, type DavResource } from './dav-resources';

/**
 * The preconditions of a request (RFC 4918 §10.4, RFC 7232): `If-Match` / `If-None-Match`
 * against the resource's ETag, the WebDAV `If` header, and the write locks. A write needs the
 * token of every lock it touches to be submitted in the `If` header (by the principal that took
 * the lock); otherwise 423 with the locked roots.
 */

export interface ConditionOptions {
  /** The request changes the resource (or, with `tree`, it and everything below it). */
  write?: boolean;
  tree?: boolean;
  /** The request adds or removes a member of the parent collection (PUT of a new name, DELETE, MKCOL, MOVE). */
  changesParent?: boolean;
  /** GET/HEAD: a matching If-None-Match is 304, not 412. */
  safe?: boolean;
  /** Other resources the request changes (a COPY or MOVE destination): their locks are checked too. */
  also?: LockGuard[];
}

/** A resource whose write locks a request must hold the tokens of. */
export interface LockGuard {
  resource: DavResource;
  tree?: boolean;
  changesParent?: boolean;
}

function etagListMatches(header: string, etag: string | null, resourceExists: boolean): boolean {
  const trimmed = header.trim();
  if (trimmed === '*') return resourceExists;
  if (etag === null) return false;
  const bare = etag.replace(/^W\//, '');
  return trimmed.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

function parentPathOf(path: string): string | null {
  if (path === '/') return null;
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

/** The token groups that guard a write: one exclusive lock, or all shared locks on one root (any one of them will do). */
function groupsOf(locks: readonly DavLock[]): DavLock[][] {
  const groups = new Map<string, DavLock[]>();
  for (const lock of locks) {
    const key = lock.scope === 'exclusive' ? `x:${lock.token}` : `s:${lock.root}`;
    groups.set(key, [...(groups.get(key) ?? []), lock]);
  }
  return [...groups.values()];
}

/** Checks every precondition; answers the lock tokens the request submitted (and may use). */
export async function checkConditions(dav: DavRequest, resource: DavResource, options: ConditionOptions = {}): Promise<string[]> {
  const { request, deps, principal } = dav;
  const etag = etagOf(resource);
  const present = exists(resource);
  const ifMatch = headerOf(request, 'if-match');
  if (ifMatch !== undefined && !etagListMatches(ifMatch, etag, present)) throw new HttpError(412, 'dav.preconditionFailed');
  const ifNoneMatch = headerOf(request, 'if-none-match');
  if (ifNoneMatch !== undefined && etagListMatches(ifNoneMatch, etag, present)) {
    if (options.safe) throw new HttpError(304, 'dav.preconditionFailed');
    throw new HttpError(412, 'dav.preconditionFailed');
  }

  // The locks covering a path, asked once per path in this request (the If header and the guards both need them).
  const coveringCache = new Map<string, Promise<DavLock[]>>();
  const covering = (path: string): Promise<DavLock[]> => {
    let locks = coveringCache.get(path);
    if (!locks) coveringCache.set(path, (locks = deps.locks.covering(path)));
    return locks;
  };

  let submitted: string[] = [];
  const ifHeader = headerOf(request, 'if');
  if (ifHeader !== undefined) {
    let lists;
    try {
      lists = parseIfHeader(ifHeader);
    } catch (error) {
      if (error instanceof DavIfHeaderError) throw new HttpError(400, 'dav.badIfHeader');
      throw error;
    }
    const requestHref = davHref(resource.path, isCollection(resource));
    const stateOf = async (tag: string): Promise<IfResourceState | null> => {
      const urlPath = pathOfUrl(tag);
      const parsed = urlPath === null ? null : davPathOf(urlPath);
      if (!parsed || !parsed.ok) return null;
      if (parsed.path.path === resource.path) return { etag, lockTokens: (await covering(resource.path)).map((l) => l.token) };
      try {
        const other = await deps.resources.resolve(dav.caller, parsed.path);
        return { etag: etagOf(other), lockTokens: (await covering(other.path)).map((l) => l.token) };
      } catch {
        return null;
      }
    };
    if (!(await evaluateIf(lists, requestHref, stateOf))) throw new HttpError(412, 'dav.preconditionFailed');
    const named = submittedLockTokens(lists);
    const owned: string[] = [];
    for (const token of named) {
      const lock = await deps.locks.find(token);
      if (lock && lock.principal === principal) owned.push(token);
    }
    submitted = owned;
  }

  const guards: LockGuard[] = [...(options.also ?? [])];
  if (options.write) guards.push({ resource, tree: options.tree, changesParent: options.changesParent });
  const guarding = new Map<string, DavLock>();
  for (const guard of guards) {
    const { path } = guard.resource;
    for (const lock of await covering(path)) guarding.set(lock.token, lock);
    if (guard.tree) for (const lock of await deps.locks.within(path)) guarding.set(lock.token, lock);
    const parent = guard.changesParent ? parentPathOf(path) : null;
    if (parent !== null) for (const lock of await covering(parent)) guarding.set(lock.token, lock);
  }
  const blocked = groupsOf([...guarding.values()]).filter((group) => !group.some((lock) => submitted.includes(lock.token)));
  if (blocked.length > 0) {
    const hrefs = blocked.map((group) => davHref(group[0]?.root ?? resource.path, false));
    throw new DavConditionError(423, 'dav.locked', 'lock-token-submitted', hrefs);
  }
  return submitted;
}

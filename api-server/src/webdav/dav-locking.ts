import { HttpError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { checkConditions } from './dav-conditions';
import { DavConditionError, depthOf, headerOf, parseBody, readXmlBody, sendXml, type DavRequest } from './dav-context';
import {
  DavLockLimitError,
  lockApplies,
  MAX_LOCK_OWNER_BYTES,
  MAX_LOCKS_PER_PRINCIPAL,
  MAX_LOCKS_PER_RESOURCE,
  parseTimeoutHeader,
  remainingSeconds,
  type DavLock,
} from './dav-locks';
import { davHref } from './dav-paths';
import { isCollection, type DavResource } from './dav-resources';
import { lockResponseBody, type ActiveLockView } from './dav-lock-xml';
import { parseLockinfo } from './dav-xml-requests';
import { Readable } from 'node:stream';

/**
 * LOCK and UNLOCK (RFC 4918 §9.10, §9.11): exclusive and shared write locks with timeouts, kept in
 * the database (dav-locks.ts). Locking an unmapped name creates an empty file there (201). A
 * refresh is a LOCK without a body naming the lock in its If header. Only the principal that took
 * a lock can refresh it or use its token; it and the admin can remove it.
 */

function viewOf(lock: DavLock, resource: DavResource, now: number): ActiveLockView {
  return {
    token: lock.token,
    scope: lock.scope,
    depth: lock.depth,
    ownerXml: lock.ownerXml,
    timeoutSeconds: remainingSeconds(lock, now),
    rootHref: davHref(lock.root, lock.root === resource.path ? isCollection(resource) : true),
  };
}

function limitOf(error: DavLockLimitError): number {
  return error.limit === 'perResource' ? MAX_LOCKS_PER_RESOURCE : MAX_LOCKS_PER_PRINCIPAL;
}

export async function handleLock(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const info = parseBody((body) => parseLockinfo(body, MAX_LOCK_OWNER_BYTES), await readXmlBody(request));
  const timeout = parseTimeoutHeader(headerOf(request, 'timeout'));
  let resource = await deps.resources.resolve(dav.caller, dav.path);
  if (resource.kind === 'virtual') throw new HttpError(403, 'dav.virtualReadOnly');
  const now = deps.clock().getTime();

  if (info === null) {
    // Refresh: the If header names the lock (checked by checkConditions); its timeout starts again.
    if (headerOf(request, 'if') === undefined) throw new HttpError(400, 'dav.lockTokenMissing');
    const submitted = await checkConditions(dav, resource);
    const covering = await deps.locks.covering(resource.path);
    const lock = covering.find((candidate) => submitted.includes(candidate.token));
    if (!lock) throw new DavConditionError(412, 'dav.lockTokenMismatch', 'lock-token-matches-request-uri');
    const refreshed = (await deps.locks.refresh(lock.token, timeout)) ?? lock;
    return sendXml(reply, 200, lockResponseBody([viewOf(refreshed, resource, now)]));
  }

  const depth = depthOf(request, 'infinity', ['0', 'infinity']) as '0' | 'infinity';
  await checkConditions(dav, resource);
  let created = false;
  if (resource.state.type === 'missing') {
    if (dav.path.isDirectory) throw new HttpError(409, 'fs.parentMissing');
    if (!(await deps.resources.parentExists(resource))) throw new HttpError(409, 'fs.parentMissing');
  }
  const result = await deps.locks
    .create({
      root: resource.path,
      depth: resource.kind === 'stored' && resource.state.type === 'file' ? '0' : depth,
      scope: info.scope,
      ownerXml: info.ownerXml,
      principal: dav.principal,
      timeoutSeconds: timeout,
    })
    .catch((error: unknown) => {
      // Over a lock count (dav-locks.ts): the server cannot keep another lock, as 507 says for quotas.
      if (error instanceof DavLockLimitError) throw new HttpError(507, 'dav.tooManyLocks', { params: { max: limitOf(error) } });
      throw error;
    });
  if ('conflict' in result) {
    throw new DavConditionError(423, 'dav.locked', 'no-conflicting-lock', [davHref(result.conflict.root, true)]);
  }
  if (resource.state.type === 'missing') {
    // An unmapped URL becomes an empty file (RFC 4918 §7.3).
    try {
      await deps.uploads.store({
        caller: dav.caller,
        target: resource.target,
        body: Readable.from([]),
        contentLength: 0,
        urlBase: requestOrigin(request),
      });
    } catch (error) {
      await deps.locks.remove(result.lock.token);
      throw error;
    }
    created = true;
    resource = await deps.resources.resolve(dav.caller, dav.path);
  }
  reply.header('lock-token', `<${result.lock.token}>`);
  return sendXml(reply, created ? 201 : 200, lockResponseBody([viewOf(result.lock, resource, now)]));
}

export async function handleUnlock(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const header = headerOf(request, 'lock-token')?.trim();
  if (!header) throw new HttpError(400, 'dav.lockTokenMissing');
  const token = header.startsWith('<') && header.endsWith('>') ? header.slice(1, -1) : header;
  const resource = await deps.resources.resolve(dav.caller, dav.path);
  const lock = await deps.locks.find(token);
  if (!lock || !lockApplies(lock, resource.path)) {
    throw new DavConditionError(409, 'dav.lockTokenMismatch', 'lock-token-matches-request-uri');
  }
  // The admin may lift anyone's lock (with its token): a key's lock — on a mount root, with depth
  // infinity — would otherwise block the admin's writes until it expires. Other callers only their own.
  if (lock.principal !== dav.principal && dav.caller.kind !== 'admin') throw new HttpError(403, 'dav.lockNotOwned');
  await deps.locks.remove(token);
  return reply.code(204).send();
}

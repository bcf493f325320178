import type { FsPath } from '@cloudclip/contract';
import { HttpError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { formatBytes } from '../lib/format-size';
import { toIso } from '../lib/time';
import { storageCall, type FsTarget } from '../services/fs/fs-access';
import { DIRECTORY_CONTENT_TYPE, mimeTypeOf } from '../services/fs/fs-mime';
import { listAllObjects, moveStoredObject } from '../storage/storage-driver';
import { checkConditions } from './dav-conditions';
import { depthOf, hasBody, headerOf, type DavRequest } from './dav-context';
import { davPathOf, destinationServer, pathOfUrl } from './dav-paths';
import { DavPropertyLimitError, deadPropertyWriter, MAX_DEAD_PROPERTY_BYTES_PER_KEY } from './dav-properties';
import { exists, isCollection, type DavResource, type StoredResource } from './dav-resources';

/**
 * The methods that change the tree: DELETE, MKCOL, COPY and MOVE (RFC 4918 §9.3, §9.6–9.9).
 * File rows (`files`) follow their objects as in the fs API: removed with them, moved with them
 * inside one storage (their share links keep working), new rows for copies; dead properties are
 * copied and moved along, locks stay where they were (a moved resource loses its locks).
 */

function stored(resource: DavResource): StoredResource {
  if (resource.kind === 'virtual') throw new HttpError(403, 'dav.virtualReadOnly');
  return resource;
}

/** The storage target of `relative` below a stored folder (for the members of a copied tree). */
function memberTarget(base: FsTarget, relative: string): FsTarget {
  const path = `${base.path.path}/${relative}`;
  const fsPath: FsPath = { path, isDirectory: false, segments: path.slice(1).split('/') };
  return { ...base, path: fsPath, key: base.key === '' ? relative : `${base.key}/${relative}` };
}

/** Deletes a stored file or folder with its rows; dead properties, locks and index entries go through the path hooks. */
async function removeStored(dav: DavRequest, resource: StoredResource): Promise<void> {
  const { target, state } = resource;
  const { files, access } = dav.deps;
  try {
    if (state.type === 'folder') {
      const prefix = `${target.key}/`;
      await storageCall(() => target.driver.deletePrefix(prefix));
      await files.deleteByStoragePrefix(target.config.id, prefix);
    } else {
      await storageCall(() => target.driver.deleteObject(target.key));
      await files.deleteByStorageKey(target.config.id, target.key);
    }
    await access.entryRemoved(target, state.type === 'folder', resource.path);
  } finally {
    access.invalidate(target.mount);
  }
}

export async function handleDelete(dav: DavRequest): Promise<unknown> {
  const resource = stored(await dav.deps.resources.resolve(dav.caller, dav.path));
  if (resource.target.key === '') throw new HttpError(403, 'fs.mountRootProtected');
  if (resource.state.type === 'missing') throw new HttpError(404, 'fs.notFound');
  if (resource.state.type === 'folder') depthOf(dav.request, 'infinity', ['infinity']);
  await checkConditions(dav, resource, { write: true, tree: true, changesParent: true });
  await removeStored(dav, resource);
  return dav.reply.code(204).send();
}

export async function handleMkcol(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  if (hasBody(request)) {
    request.raw.resume();
    throw new HttpError(415, 'dav.bodyNotAllowed');
  }
  const resource = stored(await deps.resources.resolve(dav.caller, { ...dav.path, isDirectory: true }));
  if (resource.state.type !== 'missing') throw new HttpError(405, 'dav.alreadyExists');
  await checkConditions(dav, resource, { write: true, changesParent: true });
  if (!(await deps.resources.parentExists(resource))) throw new HttpError(409, 'fs.parentMissing');
  await deps.resources.createFolder(resource);
  return reply.code(201).send();
}

/**
 * The Destination of a COPY or MOVE, resolved for the caller: 400 when absent or not one of our
 * WebDAV paths; 502 Bad Gateway when it is an absolute URL of another origin (RFC 4918 §9.8.5,
 * §9.9.4: this server does not copy to other servers, and must not take their path as its own).
 * Our origin is the request's (behind the gateway, with TRUST_PROXY, its X-Forwarded-Proto and
 * -Host; the gateway gives a Destination on the client's host exactly that origin).
 */
async function destinationOf(dav: DavRequest): Promise<StoredResource> {
  const header = headerOf(dav.request, 'destination');
  const server = header === undefined ? 'invalid' : destinationServer(header, requestOrigin(dav.request));
  if (server === 'other') throw new HttpError(502, 'dav.otherServer');
  const urlPath = header === undefined || server === 'invalid' ? null : pathOfUrl(header);
  const parsed = urlPath === null ? null : davPathOf(urlPath);
  if (!parsed) throw new HttpError(400, 'dav.badDestination');
  if (!parsed.ok) throw new HttpError(400, 'dav.invalidPath', { params: { reason: parsed.reason } });
  return stored(await dav.deps.resources.resolve(dav.caller, parsed.path));
}

function overwriteOf(dav: DavRequest): boolean {
  const value = headerOf(dav.request, 'overwrite')?.trim().toUpperCase();
  if (value === undefined || value === '' || value === 'T') return true;
  if (value === 'F') return false;
  throw new HttpError(400, 'error.badRequest');
}

/** Copies one object to `target` (server-side inside one storage, streamed across storages), quota checked. */
async function copyObject(dav: DavRequest, source: FsTarget, sourceKey: string, size: number, target: FsTarget): Promise<void> {
  const urlBase = requestOrigin(dav.request);
  if (source.config.id === target.config.id) {
    await dav.deps.uploads.copyWithin({ caller: dav.caller, source, sourceKey, target, size, urlBase });
    return;
  }
  const object = await storageCall(() => source.driver.getObject(sourceKey));
  await dav.deps.uploads.store({ caller: dav.caller, target, body: object.body, contentLength: object.contentLength, urlBase });
}

/** Copies a resource (a folder with its members when `deep`) to a destination that does not exist now. */
async function copyTree(dav: DavRequest, source: StoredResource, destination: StoredResource, deep: boolean): Promise<void> {
  const { target } = source;
  if (source.state.type === 'file') {
    await copyObject(dav, target, target.key, source.state.info.size, destination.target);
  } else {
    const dest = destination.target;
    await storageCall(() => dest.driver.putObject(`${dest.key}/`, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
    await dav.deps.access.entryStored(dest, { isDirectory: true, size: 0 });
    if (deep) {
      const prefix = target.key === '' ? '' : `${target.key}/`;
      const objects = listAllObjects(target.driver, prefix);
      for (;;) {
        const next = await storageCall(() => objects.next());
        if (next.done) break;
        const object = next.value;
        const relative = object.key.slice(prefix.length);
        if (relative === '') continue;
        if (relative.endsWith('/')) {
          const marker = memberTarget(dest, relative.slice(0, -1));
          await storageCall(() => dest.driver.putObject(`${marker.key}/`, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
          await dav.deps.access.entryStored(marker, { isDirectory: true, size: 0 });
        } else {
          await copyObject(dav, target, object.key, object.size, memberTarget(dest, relative));
        }
      }
    }
    dav.deps.access.invalidate(dest.mount);
  }
  const writer = deadPropertyWriter(dav.caller.kind, dav.principal);
  try {
    if (deep || source.state.type === 'file') {
      await dav.deps.properties.copyTree(source.path, destination.path, writer);
    } else {
      // Depth 0: the collection's own properties, none of its members'.
      const own = await dav.deps.properties.list(source.path);
      await dav.deps.properties.deleteTree(destination.path);
      await dav.deps.properties.patch(
        destination.path,
        own.map((property) => ({ op: 'set' as const, ...property })),
        writer,
      );
    }
  } catch (error) {
    // Only when another request took the caller's room since copyOrMove checked it: the objects are copied, their properties not.
    if (error instanceof DavPropertyLimitError) {
      throw new HttpError(507, 'dav.deadPropertiesFull', { params: { max: formatBytes(MAX_DEAD_PROPERTY_BYTES_PER_KEY) } });
    }
    throw error;
  }
}

/** Moves a resource inside one storage, server-side (the driver's move, else copy + delete); file rows follow. */
async function moveWithin(dav: DavRequest, source: StoredResource, destination: StoredResource): Promise<void> {
  const { driver, config, mount } = source.target;
  const { files, clock } = dav.deps;
  const urlBase = requestOrigin(dav.request);
  const dest = destination.target;
  try {
    if (source.state.type === 'file') {
      await storageCall(() => moveStoredObject(driver, source.target.key, dest.key));
      const name = dest.path.segments[dest.path.segments.length - 1] ?? '';
      for (const row of await files.findByStorageKey(config.id, source.target.key)) {
        await files.update(row.id, {
          storage_path: dest.key,
          s3_url: driver.objectUrl(dest.key, urlBase),
          filename: name,
          mimetype: mimeTypeOf(name),
          updated_at: toIso(clock()),
        });
      }
    } else {
      const sourcePrefix = `${source.target.key}/`;
      const destPrefix = `${dest.key}/`;
      await storageCall(() => driver.putObject(destPrefix, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
      // The keys first, then the moves: a listing is not paged through while its entries go away.
      const keys: string[] = [];
      const objects = listAllObjects(driver, sourcePrefix);
      for (;;) {
        const next = await storageCall(() => objects.next());
        if (next.done) break;
        if (next.value.key !== sourcePrefix) keys.push(next.value.key);
      }
      for (const key of keys) await storageCall(() => moveStoredObject(driver, key, destPrefix + key.slice(sourcePrefix.length)));
      await storageCall(() => driver.deletePrefix(sourcePrefix));
      for (const row of await files.findByStoragePrefix(config.id, sourcePrefix)) {
        const key = destPrefix + row.storage_path.slice(sourcePrefix.length);
        await files.update(row.id, { storage_path: key, s3_url: driver.objectUrl(key, urlBase), updated_at: toIso(clock()) });
      }
    }
  } finally {
    dav.deps.access.invalidate(mount);
    if (dest.mount.id !== mount.id) dav.deps.access.invalidate(dest.mount);
  }
  // Dead properties move along, locks stay behind, index entries move: the path hooks.
  await dav.deps.access.entryMoved(source.target, dest, source.state.type === 'folder', { from: source.path, to: destination.path });
}

async function copyOrMove(dav: DavRequest, move: boolean): Promise<unknown> {
  const { deps } = dav;
  const depth = move ? depthOf(dav.request, 'infinity', ['infinity']) : depthOf(dav.request, 'infinity', ['0', 'infinity']);
  const source = stored(await deps.resources.resolve(dav.caller, dav.path));
  if (source.state.type === 'missing') throw new HttpError(404, 'fs.notFound');
  if (move && source.target.key === '') throw new HttpError(403, 'fs.mountRootProtected');
  const destination = await destinationOf(dav);
  if (destination.target.key === '') throw new HttpError(403, 'fs.mountRootProtected');
  if (destination.path === source.path || (isCollection(source) && destination.path.startsWith(`${source.path}/`))) {
    throw new HttpError(403, 'dav.sameDestination');
  }
  const overwrite = overwriteOf(dav);
  const replaced = exists(destination);
  if (replaced && !overwrite) throw new HttpError(412, 'dav.destinationExists');
  await checkConditions(dav, source, {
    ...(move ? { write: true, tree: true, changesParent: true } : {}),
    also: [{ resource: destination, tree: true, changesParent: true }],
  });
  if (!(await deps.resources.parentExists(destination))) throw new HttpError(409, 'fs.parentMissing');
  const copies = !(move && source.target.config.id === destination.target.config.id);
  // A copy of the dead properties counts for the caller (dav-properties.ts): refused before any object is copied.
  const deep = move || depth === 'infinity' || source.state.type === 'file';
  if (copies && !(await deps.properties.copyFits(source.path, deep, deadPropertyWriter(dav.caller.kind, dav.principal)))) {
    throw new HttpError(507, 'dav.deadPropertiesFull', { params: { max: formatBytes(MAX_DEAD_PROPERTY_BYTES_PER_KEY) } });
  }
  if (replaced) await removeStored(dav, destination);
  const empty: StoredResource = { ...destination, state: { type: 'missing' } };
  if (!copies) {
    await moveWithin(dav, source, empty);
  } else {
    await copyTree(dav, source, empty, depth === 'infinity');
    if (move) await removeStored(dav, source);
  }
  return dav.reply.code(replaced ? 204 : 201).send();
}

export function handleCopy(dav: DavRequest): Promise<unknown> {
  return copyOrMove(dav, false);
}

export function handleMove(dav: DavRequest): Promise<unknown> {
  return copyOrMove(dav, true);
}

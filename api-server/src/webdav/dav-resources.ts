import type { FsPath } from '@cloudclip/contract';
import type { MountRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { findMount, folderPrefix, parentKey, storageCall, type FsAccess, type FsCaller, type FsTarget } from '../services/fs/fs-access';
import { contentTypeOf, DIRECTORY_CONTENT_TYPE, mimeTypeOf } from '../services/fs/fs-mime';
import { listAllPages, quoteEtag, type ObjectInfo } from '../storage/storage-driver';

/**
 * What a WebDAV address names for a caller, with the file-system API's rules (services/fs): the
 * root and the folders above the mounts are virtual collections listing only what the caller may
 * see (for a key: the mounts visible from its basic path, and the way down to that path); below a
 * mount, within the caller's basic path, the mount's storage. Anything outside the basic path that
 * is not on the way to it is 403, as in the fs API.
 */

/** A collection above (or on the way into) the mounts: it lists `children` and cannot be changed. */
export interface VirtualResource {
  kind: 'virtual';
  path: string;
  children: string[];
}

/** A file, a folder or a not-yet-existing name inside a mount. */
export interface StoredResource {
  kind: 'stored';
  path: string;
  target: FsTarget;
  state: StoredState;
}

export type StoredState = { type: 'file'; info: ObjectInfo } | { type: 'folder'; marker: ObjectInfo | null } | { type: 'missing' };

export type DavResource = VirtualResource | StoredResource;

/** One member of a collection, as a Depth-1 PROPFIND describes it. */
export interface DavMember {
  path: string;
  name: string;
  isCollection: boolean;
  size?: number;
  etag?: string;
  lastModified?: Date;
  contentType?: string;
}

export function isCollection(resource: DavResource): boolean {
  return resource.kind === 'virtual' || resource.state.type === 'folder';
}

export function exists(resource: DavResource): boolean {
  return resource.kind === 'virtual' || resource.state.type !== 'missing';
}

/** The quoted ETag of a resource (null for collections and missing names). */
export function etagOf(resource: DavResource): string | null {
  return resource.kind === 'stored' && resource.state.type === 'file' ? quoteEtag(resource.state.info.etag) : null;
}

function nextSegment(ancestor: string, descendant: string): string | null {
  const base = ancestor === '/' ? '/' : `${ancestor}/`;
  if (!descendant.startsWith(base) || descendant === ancestor) return null;
  const name = descendant.slice(base.length).split('/')[0];
  return name === undefined || name === '' ? null : name;
}

export class DavResources {
  constructor(readonly access: FsAccess) {}

  mountsOf(caller: FsCaller): Promise<MountRow[]> {
    return this.access.mountsOf(caller);
  }

  /** Resolves a path; 403 outside the basic path, 404 for a virtual path that leads nowhere. */
  async resolve(caller: FsCaller, path: FsPath, mounts?: readonly MountRow[]): Promise<DavResource> {
    if (!this.access.isNavigable(caller, path.path)) throw new HttpError(403, 'fs.outsideBasicPath');
    const visible = mounts ?? (await this.mountsOf(caller));
    const mount = this.access.isWithin(caller, path.path) ? findMount(visible, path.path) : undefined;
    if (mount) {
      const target = await this.access.targetIn(mount, path);
      return { kind: 'stored', path: path.path, target, state: await this.stat(target, path.isDirectory) };
    }
    const children = this.virtualChildren(caller, visible, path.path);
    if (path.path !== '/' && children.length === 0) throw new HttpError(404, 'fs.notFound');
    return { kind: 'virtual', path: path.path, children };
  }

  /** Names below a virtual collection: the next segment towards each visible mount and towards the basic path. */
  private virtualChildren(caller: FsCaller, mounts: readonly MountRow[], path: string): string[] {
    const names = new Set<string>();
    for (const mount of mounts) {
      const name = nextSegment(path, mount.mount_path);
      if (name !== null) names.add(name);
    }
    const towardsBasic = nextSegment(path, caller.basicPath);
    if (towardsBasic !== null) {
      // Inside a mount but above the basic path: only the way down is shown.
      if (findMount(mounts, path)) names.clear();
      names.add(towardsBasic);
    }
    return [...names].sort();
  }

  /** A file (unless the address ends with `/`), else a folder, else missing. */
  async stat(target: FsTarget, addressedAsFolder: boolean): Promise<StoredState> {
    if (target.key === '') return { type: 'folder', marker: null };
    if (!addressedAsFolder) {
      const info = await storageCall(() => target.driver.headObject(target.key));
      if (info) return { type: 'file', info };
    }
    const marker = await storageCall(() => target.driver.headObject(`${target.key}/`));
    if (marker) return { type: 'folder', marker };
    // The marker was just looked up: only the listing is left to ask.
    if (await this.access.folderHoldsObjects(target)) return { type: 'folder', marker: null };
    if (addressedAsFolder) {
      const info = await storageCall(() => target.driver.headObject(target.key));
      if (info) return { type: 'file', info };
    }
    return { type: 'missing' };
  }

  /** True when the folder a stored name would live in exists (the mount root always does). */
  async parentExists(resource: StoredResource): Promise<boolean> {
    const parent = parentKey(resource.target.key);
    return this.access.folderExists(resource.target, parent);
  }

  /** The members of a collection, page by page (a folder of any size is never held whole). */
  async *members(resource: DavResource): AsyncGenerator<DavMember[]> {
    if (resource.kind === 'virtual') {
      const base = resource.path === '/' ? '/' : `${resource.path}/`;
      yield resource.children.map((name) => ({ path: `${base}${name}`, name, isCollection: true }));
      return;
    }
    const { target } = resource;
    const prefix = folderPrefix(target.key);
    const base = resource.path === '/' ? '/' : `${resource.path}/`;
    const pages = listAllPages(target.driver, { prefix, delimiter: '/' });
    for (;;) {
      const next = await storageCall(() => pages.next());
      if (next.done) return;
      const page = next.value;
      const members: DavMember[] = [];
      for (const common of page.commonPrefixes) {
        const name = common.slice(prefix.length, -1);
        if (name !== '') members.push({ path: `${base}${name}`, name, isCollection: true });
      }
      for (const object of page.objects) {
        if (object.key === prefix || object.key.endsWith('/')) continue;
        const name = object.key.slice(prefix.length);
        members.push({
          path: `${base}${name}`,
          name,
          isCollection: false,
          size: object.size,
          etag: quoteEtag(object.etag),
          lastModified: object.lastModified,
          contentType: mimeTypeOf(name),
        });
      }
      yield members;
    }
  }

  /** The member description of a resource itself (Depth 0). */
  describe(resource: DavResource): DavMember {
    const name = resource.path === '/' ? '' : (resource.path.split('/').pop() ?? '');
    if (resource.kind === 'virtual') return { path: resource.path, name, isCollection: true };
    const { state } = resource;
    if (state.type === 'file') {
      return {
        path: resource.path,
        name,
        isCollection: false,
        size: state.info.size,
        etag: quoteEtag(state.info.etag),
        lastModified: state.info.lastModified,
        contentType: contentTypeOf(state.info, name),
      };
    }
    return {
      path: resource.path,
      name,
      isCollection: true,
      lastModified: state.type === 'folder' ? state.marker?.lastModified : undefined,
    };
  }

  /** Creates a folder marker (MKCOL). */
  async createFolder(resource: StoredResource): Promise<void> {
    const { target } = resource;
    await storageCall(() => target.driver.putObject(`${target.key}/`, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
    this.access.invalidate(target.mount);
    await this.access.entryStored(target, { isDirectory: true, size: 0 });
  }
}

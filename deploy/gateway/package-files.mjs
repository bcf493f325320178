// The files of pinned package versions (the host and the remotes) as the gateway serves them: read
// from the package's workspace build (version `workspace`) or from the release store, with their
// content type, their cache lifetime and, for browsers that accept br, the build's Brotli copy.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { WORKSPACE_VERSION } from './environment.mjs';
import { contentTypeOf, openFileIn, safeRelative } from '../release-store/store.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)$/;
/** Packages whose build output may be served as version `workspace`. */
const WORKSPACE_PACKAGES = new Set(['host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer']);
/** A page of a remote's build (index.html…): the host never loads one, so the gateway serves none. */
export const PAGE_FILE = /\.(?:html?|xhtml)$/i;
/** A package's code for the gateway itself (`server/`, e.g. mfe-public's share-render.cjs): never served. */
export const SERVER_FOLDER = /^server(?:\/|$)/i;

/** A remote's files have a versioned address: a release never changes, a workspace build only keeps its hashed chunks. */
export function remoteFileCache(version, relative) {
  return version !== WORKSPACE_VERSION || HASHED_ASSET.test(relative) ? IMMUTABLE : NO_CACHE;
}

/** The host's files keep their address from release to release: only hashed chunks never change. */
export function hostFileCache(relative) {
  return HASHED_ASSET.test(relative) ? IMMUTABLE : NO_CACHE;
}

/** Whether an Accept-Encoding header accepts a content coding (named or by `*`, not refused with q=0). */
export function acceptsCoding(header, name) {
  const codings = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (coding) codings.set(coding.trim(), q ? Number(q.slice(2)) : 1);
  }
  const q = codings.get(name) ?? codings.get('*');
  return q !== undefined && q > 0;
}

/** Whether an Accept-Encoding header accepts Brotli (`br`, not refused with q=0). */
export const acceptsBrotli = (header) => acceptsCoding(header, 'br');

/**
 * @typedef {{ stream: NodeJS.ReadableStream, size: number }} OpenedFile
 * @typedef {OpenedFile & { brotli: boolean }} BrowserFile a file to send, as is or as its Brotli copy
 */

/**
 * @param {object} options
 * @param {import('../release-store/store.mjs').FolderReleaseStore | import('../release-store/store.mjs').S3ReleaseStore} options.store
 * @param {string} options.workspaceRoot where `<package>/dist` is found for version `workspace`
 * @param {string} [options.hostDir] overrides the workspace host build folder
 * @param {boolean} options.workspaceBuilds whether version `workspace` may be served
 */
export function createPackageFiles({ store, workspaceRoot, hostDir, workspaceBuilds }) {
  function workspaceDir(pkg) {
    if (pkg === 'host-shell' && hostDir) return hostDir;
    return path.join(workspaceRoot, pkg, 'dist');
  }

  /**
   * Opens a file of a pinned package version: the workspace build or the release store.
   * @returns {Promise<OpenedFile | null>}
   */
  async function openPackageFile(pkg, version, relative) {
    const safe = safeRelative(relative);
    if (!safe || safe === 'release.json') return null;
    if (version === WORKSPACE_VERSION) {
      if (!workspaceBuilds || !WORKSPACE_PACKAGES.has(pkg)) return null;
      return openFileIn(workspaceDir(pkg), safe);
    }
    return store.openFile(pkg, version, safe);
  }

  /**
   * What identifies the present content of a workspace build's file (its modification time and
   * size), so a reader may reuse what it read; null for a release (never changes) or a missing file.
   */
  async function workspaceVersionOf(pkg, version, relative) {
    const safe = safeRelative(relative);
    if (version !== WORKSPACE_VERSION || !safe || !workspaceBuilds || !WORKSPACE_PACKAGES.has(pkg)) return null;
    const info = await stat(path.join(workspaceDir(pkg), safe)).catch(() => null);
    return info ? `${info.mtimeMs}:${info.size}` : null;
  }

  /** @returns {Promise<Buffer | null>} */
  async function readPackageFile(pkg, version, relative) {
    const opened = await openPackageFile(pkg, version, relative);
    if (!opened) return null;
    const chunks = [];
    for await (const chunk of opened.stream) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /**
   * Opens a file of a package for a browser: the build's Brotli copy (`<file>.br`, best quality,
   * written by the build) when the browser accepts br and the copy exists, otherwise the file
   * itself, which @fastify/compress compresses on the way out. The file is opened first: a copy
   * whose file is gone (a broken release) is not served. Null when the file may not be served or is
   * missing; a failing store counts as missing. A package's `server/` folder is the gateway's, not a browser's.
   * @returns {Promise<BrowserFile | null>}
   */
  async function openForBrowser(pkg, version, relative, acceptEncoding) {
    const safe = safeRelative(relative);
    if (!safe || SERVER_FOLDER.test(safe)) return null;
    const opened = await openPackageFile(pkg, version, relative).catch(() => null);
    if (!opened) return null;
    if (acceptsBrotli(acceptEncoding) && !relative.endsWith('.br')) {
      const compressed = await openPackageFile(pkg, version, `${relative}.br`).catch(() => null);
      if (compressed) {
        opened.stream.destroy?.();
        return { ...compressed, brotli: true };
      }
    }
    return { ...opened, brotli: false };
  }

  return { readPackageFile, openForBrowser, workspaceVersionOf };
}

/**
 * Sends a file opened by `openForBrowser`, typed by the name it was asked for.
 * @param {import('fastify').FastifyReply} reply
 * @param {BrowserFile} file
 * @param {string} relative
 * @param {string} cacheControl
 */
export function sendPackageFile(reply, file, relative, cacheControl) {
  reply.header('Vary', 'Accept-Encoding');
  if (file.brotli) reply.header('Content-Encoding', 'br');
  // No Content-Length: @fastify/compress only compresses streams of unknown length.
  reply.header('Cache-Control', cacheControl).type(contentTypeOf(relative));
  return reply.send(file.stream);
}

/** How many workspace build files a reader keeps (reused while their modification time and size stay). */
const WORKSPACE_READ_LIMIT = 200;
/**
 * How long a workspace build file's modification time and size, once checked, are taken as they
 * were: a page needs six files, and a `stat` of each at every page was a sixth of the gateway's
 * time under load. A rebuild shows within this time.
 */
export const WORKSPACE_RECHECK_MS = 1000;

/**
 * Reads the small files the gateway itself uses from a pinned version (index.html, boot-assets.json,
 * mf-manifest.json, route-map.json, page-chunks.json, the icons it lists): a released version's
 * files never change, so they are read once; a workspace build's again when its modification time
 * or size changed, looked at no more than once per `recheckMs`.
 * @param {ReturnType<typeof createPackageFiles>} files
 * @param {{ recheckMs?: number, now?: () => number }} [options]
 */
export function createPackageReader(files, { recheckMs = WORKSPACE_RECHECK_MS, now = () => performance.now() } = {}) {
  const released = new Map();
  /** Workspace build files as last read, by their modification time and size: a page needs six of them, a rebuild shows at once. */
  const workspace = new Map();
  /** Parsed JSON and text of the buffers above (shared: callers only read them). */
  const parsed = new WeakMap();
  const texts = new WeakMap();

  /** @returns {Promise<Buffer | null>} */
  async function read(pkg, version, relative) {
    if (version === WORKSPACE_VERSION) {
      const id = `${pkg}/${relative}`;
      const recent = workspace.get(id);
      const checkedAt = now();
      if (recent && checkedAt - recent.checkedAt < recheckMs) return recent.buffer;
      const current = files.workspaceVersionOf ? await files.workspaceVersionOf(pkg, version, relative) : null;
      if (current && recent?.version === current) {
        recent.checkedAt = checkedAt;
        return recent.buffer;
      }
      const buffer = files.readPackageFile(pkg, version, relative).catch(() => null);
      workspace.delete(id);
      if (current) workspace.set(id, { version: current, buffer, checkedAt });
      if (workspace.size > WORKSPACE_READ_LIMIT) workspace.delete(workspace.keys().next().value);
      return buffer;
    }
    const id = `${pkg}@${version}/${relative}`;
    if (!released.has(id)) {
      let buffer;
      try {
        buffer = await files.readPackageFile(pkg, version, relative);
      } catch {
        // A failing store is not remembered as a missing file.
        return null;
      }
      released.set(id, buffer);
    }
    return released.get(id) ?? null;
  }

  /** The file parsed as JSON; null when missing or malformed. */
  async function packageJson(pkg, version, relative) {
    const buffer = await read(pkg, version, relative);
    if (!buffer) return null;
    if (!parsed.has(buffer)) {
      let value = null;
      try {
        value = JSON.parse(buffer.toString('utf8'));
      } catch {
        value = null;
      }
      parsed.set(buffer, value);
    }
    return parsed.get(buffer);
  }

  /** The file as UTF-8 text; null when missing. */
  async function packageText(pkg, version, relative) {
    const buffer = await read(pkg, version, relative);
    if (!buffer) return null;
    if (!texts.has(buffer)) texts.set(buffer, buffer.toString('utf8'));
    return texts.get(buffer);
  }

  return { read, packageJson, packageText };
}

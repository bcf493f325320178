import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StorageConfigRow } from '../db/schema';
import { listAllObjects } from '../storage/storage-driver';
import { createShareContext, type ShareTestContext } from './file-share-helpers';
import { startRcloneWebDav, type RcloneWebDavHandle } from './rclone-webdav-server';
import { createSftpConfig, createWebDavConfig } from './remote-storage-configs';
import { startSshd, type SshdHandle } from './sshd-server';

/**
 * The file-share test context (see file-share-helpers) on a WebDAV (rclone serve webdav) or an
 * SFTP (sshd) storage config: the config is created through POST /api/s3-configs, made the
 * default and public, its objects under a folder of its own on the server (one per context, so
 * a server started once per suite serves every test). `remoteFiles()` reads that folder on the
 * server's disk, behind the driver's back.
 */

export type RemoteKind = 'webdav' | 'sftp';
export const REMOTE_KINDS: readonly RemoteKind[] = ['webdav', 'sftp'];

export type RemoteServer = { kind: 'webdav'; handle: RcloneWebDavHandle } | { kind: 'sftp'; handle: SshdHandle };

export interface RemoteShareContext extends ShareTestContext {
  server: RemoteServer;
  /** The config's base folder on the server's disk. */
  remoteDir: string;
  /** Every file below `remoteDir` (relative, sorted), the driver's own internal folder included. */
  remoteFiles(): string[];
}

export async function startRemoteServer(kind: RemoteKind): Promise<RemoteServer> {
  return kind === 'webdav' ? { kind, handle: await startRcloneWebDav() } : { kind, handle: await startSshd() };
}

/** Starts the server of `kind` once for the suite (beforeAll) and stops it after (afterAll). */
export function remoteServerForSuite(kind: RemoteKind): () => RemoteServer {
  let server: RemoteServer | undefined;
  beforeAll(async () => {
    server = await startRemoteServer(kind);
  }, 30_000);
  afterAll(async () => {
    await server?.handle.stop();
  });
  return () => {
    if (!server) throw new Error(`the ${kind} server did not start`);
    return server;
  };
}

/** Every file below `dir`, relative to it, sorted. */
export function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Another client's change on the server, behind Cloudclip's back: `content` written to (or, when
 * null, `name` deleted from) `remoteDir`. sshd reads its disk at every request, so the disk is
 * changed directly; rclone caches its folder listings for minutes (`--dir-cache-time`), so the
 * change goes through its WebDAV (a second WebDAV client), which it sees at once.
 */
export async function changeOnServer(server: RemoteServer, remoteDir: string, name: string, content: string | null): Promise<void> {
  if (server.kind === 'sftp') {
    const file = path.join(remoteDir, name);
    if (content === null) rmSync(file);
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    return;
  }
  const { url, username, password, rootDir } = server.handle;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const segments = path.relative(rootDir, path.join(remoteDir, name)).split(path.sep).map(encodeURIComponent);
  const request = async (method: string, relative: string, body?: string): Promise<number> => {
    const response = await fetch(new URL(relative, url), { method, headers: { authorization }, ...(body === undefined ? {} : { body }) });
    await response.arrayBuffer();
    return response.status;
  };
  if (content !== null) {
    // rclone's PUT wants the folders to exist. Callers run in parallel (mapLimit), so each folder
    // is made once and the others wait for it: two MKCOLs of one folder at once get 423 Locked.
    for (let depth = 1; depth < segments.length; depth += 1) {
      const folder = `${segments.slice(0, depth).join('/')}/`;
      await madeFolder(url + folder, async () => {
        const status = await request('MKCOL', folder);
        // 201 made, 405 there already.
        if (status !== 201 && status !== 405) throw new Error(`MKCOL ${folder} on rclone: ${status}`);
      });
    }
  }
  const relative = segments.join('/');
  const status = await request(content === null ? 'DELETE' : 'PUT', relative, content ?? undefined);
  if (status >= 300) throw new Error(`${content === null ? 'DELETE' : 'PUT'} ${relative} on rclone: ${status}`);
}

/** Folders made (or being made) on rclone servers by changeOnServer, by URL. */
const foldersMade = new Map<string, Promise<void>>();

/** Runs `make` once per folder URL; a failed making is forgotten so a later call tries again. */
function madeFolder(folderUrl: string, make: () => Promise<void>): Promise<void> {
  let made = foldersMade.get(folderUrl);
  if (!made) {
    made = make().catch((error: unknown) => {
      foldersMade.delete(folderUrl);
      throw error;
    });
    foldersMade.set(folderUrl, made);
  }
  return made;
}

/** A storage config on `server` (via the API), its base folder `folder`; returns its id and its folder on disk. */
export async function createRemoteConfig(
  t: ShareTestContext['t'],
  admin: Record<string, string>,
  server: RemoteServer,
  folder = `run-${randomBytes(6).toString('hex')}`,
): Promise<{ id: string; remoteDir: string }> {
  if (server.kind === 'webdav') {
    const id = await createWebDavConfig(t.app, admin, server.handle, folder);
    return { id, remoteDir: path.join(server.handle.rootDir, folder) };
  }
  const id = await createSftpConfig(t.app, admin, server.handle, folder);
  return { id, remoteDir: path.join(server.handle.dataDir, folder) };
}

export async function createRemoteShareContext(server: RemoteServer): Promise<RemoteShareContext> {
  const base = await createShareContext('local');
  try {
    const { id, remoteDir } = await createRemoteConfig(base.t, base.admin, server);
    const made = await base.inject({ method: 'PUT', url: `/api/s3-configs/${id}`, headers: base.admin, payload: { is_public: true } });
    if (made.statusCode !== 200) throw new Error(`making the config public failed: ${made.body}`);
    await base.inject({ method: 'PUT', url: `/api/s3-configs/${id}/set-default`, headers: base.admin });
    const config = (await base.t.container.repositories.storageConfigs.findById(id)) as StorageConfigRow;
    const driver = base.t.container.services.storageConfigs.driverFor(config);
    const adminPut = async (url: string, payload: Record<string, unknown>): Promise<void> => {
      const response = await base.inject({ method: 'PUT', url, headers: base.admin, payload });
      if (response.statusCode !== 200) throw new Error(`PUT ${url} failed: ${response.statusCode} ${response.body}`);
    };
    return {
      ...base,
      server,
      config,
      driver,
      remoteDir,
      remoteFiles: () => filesBelow(remoteDir),
      async objectKeys() {
        const keys: string[] = [];
        for await (const object of listAllObjects(driver)) keys.push(object.key);
        return keys.sort();
      },
      fileRows() {
        return base.t.container.db.selectFrom('files').selectAll().where('s3_config_id', '=', id).execute();
      },
      setStorageQuota: (bytes) => adminPut(`/api/s3-configs/${id}`, { total_storage_bytes: bytes }),
    };
  } catch (error) {
    await base.close();
    throw error;
  }
}

/** Every test of the suite gets a fresh app with a config on the suite's server (started once). */
export function remoteShareContextForEachTest(kind: RemoteKind, use: (context: RemoteShareContext) => void): void {
  const server = remoteServerForSuite(kind);
  let context: RemoteShareContext | undefined;
  beforeEach(async () => {
    context = await createRemoteShareContext(server());
    use(context);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
}

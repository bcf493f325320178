/**
 * Test harness of the file-system browser tests (not a test itself): an app with a mount on the
 * default local storage, on an s3rver bucket, on `rclone serve webdav` or on a real sshd (SFTP),
 * an admin token and API keys.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DAY_MS } from '../lib/time';
import type { ApiKeyRow } from '../db/schema';
import type { StorageDriver } from '../storage/storage-driver';
import { startRcloneWebDav, type RcloneWebDavHandle } from './rclone-webdav-server';
import { createS3Config, createSftpConfig, createWebDavConfig } from './remote-storage-configs';
import { seedApiKey, type SeedApiKeyInput } from './seed';
import { s3rverForSuite, startS3rver, type S3rverHandle } from './s3rver-server';
import { startSshd, type SshdHandle } from './sshd-server';
import { apiKeyHeader, bearer, createTestApp, freshForEachTest, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from './test-app';
import { testDatabaseUrl } from './test-database';

export type StorageKind = 'local' | 's3rver' | 'webdav' | 'sftp';
/**
 * The kinds the fs suites run on. WebDAV and SFTP run on SQLite only: the database kind has
 * nothing to do with the driver, and the PostgreSQL pass (`pnpm test:pg`) stays shorter.
 */
export const STORAGE_KINDS: readonly StorageKind[] = testDatabaseUrl() ? ['local', 's3rver'] : ['local', 's3rver', 'webdav', 'sftp'];

/** The server a suite on one storage kind shares (started once per suite). */
export type SuiteServer = S3rverHandle | RcloneWebDavHandle | SshdHandle;

/** Starts the server `kind` needs once for the suite (none for 'local'); the getter returns it. */
export function storageServerForSuite(kind: StorageKind): () => SuiteServer | undefined {
  if (kind === 's3rver') return s3rverForSuite(true);
  let handle: SuiteServer | undefined;
  beforeAll(async () => {
    if (kind === 'webdav') handle = await startRcloneWebDav();
    else if (kind === 'sftp') handle = await startSshd();
  });
  afterAll(async () => {
    await handle?.stop();
  });
  return () => handle;
}

let baseFolderCounter = 0;

export type Headers = Record<string, string>;

export interface FsWorld {
  t: TestApp;
  app: FastifyInstance;
  kind: StorageKind;
  now: { value: Date };
  admin: Headers;
  adminId: string;
  configId: string;
  driver: StorageDriver;
  /** WebDAV and SFTP: the storage's base folder on the server's disk (this machine's). */
  remoteDir?: string;
  /** Creates a mount through the API and returns its id. */
  mount(mountPath: string, extra?: Record<string, unknown>): Promise<string>;
  /** A key (file permission unless told otherwise) and its Authorization header. */
  key(input?: SeedApiKeyInput): Promise<Headers>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers: Headers): Promise<LightMyRequestResponse>;
  /** A POST with `payload`, when given, as a JSON body. */
  post(url: string, headers: Headers, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A PUT with `payload` as a JSON body. */
  put(url: string, headers: Headers, payload: unknown): Promise<LightMyRequestResponse>;
  del(url: string, headers: Headers): Promise<LightMyRequestResponse>;
  /**
   * A form upload (`POST /api/admin/fs/upload`, or `/api/user/fs/upload` for headers other than
   * the admin's) of the given form fields (see `formBody`).
   */
  upload(headers: Headers, fields: FormFields): Promise<LightMyRequestResponse>;
  /** The admin's form upload of one file `name` with `content` into the folder `path` (e.g. `/m/docs/`). */
  uploadFile(path: string, name: string, content: string): Promise<LightMyRequestResponse>;
  /** A request of any method (WebDAV's among them) with `payload`, when given, as the raw body. */
  dav(method: string, url: string, headers: Headers, payload?: string | Buffer): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Empties an s3rver bucket between tests. */
async function emptyBucket(driver: StorageDriver): Promise<void> {
  for (;;) {
    const page = await driver.listObjects({});
    if (page.objects.length === 0) return;
    await driver.deleteObjects(page.objects.map((object) => object.key));
  }
}

/** `?path=` encoded as the legacy client does (encodeURIComponent). */
export function q(path: string): string {
  return encodeURIComponent(path);
}

export async function createFsWorld(kind: StorageKind, server?: SuiteServer): Promise<FsWorld> {
  const now = { value: new Date() };
  const t = await createTestApp({ clock: () => now.value });
  const admin = bearer(await loginAsAdmin(t.app));
  const adminId = (await t.container.repositories.admins.findByUsername(TEST_ADMIN.username))?.id ?? '';
  let configId: string;
  // A fresh base folder per world on the WebDAV and SFTP servers (removed by close()).
  baseFolderCounter += 1;
  const baseFolder = `world-${process.pid}-${baseFolderCounter}`;
  let baseDir: string | undefined;
  if (kind === 'local') {
    const [local] = await t.container.repositories.storageConfigs.listByAdmin(adminId);
    if (!local) throw new Error('no default local storage');
    configId = local.id;
  } else if (kind === 'webdav') {
    if (!server || !('rootDir' in server)) throw new Error('rclone serve webdav not started');
    configId = await createWebDavConfig(t.app, admin, server, baseFolder);
    baseDir = path.join(server.rootDir, baseFolder);
  } else if (kind === 'sftp') {
    if (!server || !('hostKeySha256' in server)) throw new Error('sshd not started');
    configId = await createSftpConfig(t.app, admin, server, baseFolder);
    baseDir = path.join(server.dataDir, baseFolder);
  } else {
    if (!server || !('bucket' in server)) throw new Error('s3rver not started');
    configId = await createS3Config(t.app, admin, server);
  }
  const config = await t.container.repositories.storageConfigs.findById(configId);
  if (!config) throw new Error('config missing');
  const driver = t.container.storage.driverFor(config);
  if (kind === 's3rver') await emptyBucket(driver);

  const request = (options: InjectOptions) => t.app.inject(options);
  const withJson = (method: 'POST' | 'PUT', url: string, headers: Headers, payload: unknown) =>
    request({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const world: FsWorld = {
    t,
    app: t.app,
    kind,
    now,
    admin,
    adminId,
    configId,
    driver,
    ...(baseDir ? { remoteDir: baseDir } : {}),
    async mount(mountPath, extra = {}) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/mounts',
        headers: admin,
        payload: { name: `mount ${mountPath}`, storage_type: 'S3', storage_config_id: configId, mount_path: mountPath, ...extra },
      });
      if (response.statusCode !== 200) throw new Error(`mount ${mountPath}: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: string } }).data.id;
    },
    async key(input = {}) {
      const row = await seedApiKey(t.container.repositories.apiKeys, {
        file: true,
        expiresAt: new Date(now.value.getTime() + DAY_MS).toISOString(),
        ...input,
      });
      return apiKeyHeader(row.key);
    },
    request,
    get: (url, headers) => request({ method: 'GET', url, headers }),
    post: (url, headers, payload) => withJson('POST', url, headers, payload),
    put: (url, headers, payload) => withJson('PUT', url, headers, payload),
    del: (url, headers) => request({ method: 'DELETE', url, headers }),
    upload(headers, fields) {
      const form = formBody(fields);
      const url = headers === admin ? '/api/admin/fs/upload' : '/api/user/fs/upload';
      return request({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
    },
    uploadFile(folder, name, content) {
      return world.upload(admin, [
        ['path', folder],
        ['file', content, name],
      ]);
    },
    dav: (method, url, headers, payload) =>
      request({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) }),
    async close() {
      if (kind === 's3rver') await emptyBucket(driver).catch(() => undefined);
      await t.close();
      removeTempDir(t.dataDir);
      if (baseDir) rmSync(baseDir, { recursive: true, force: true });
    },
  };
  return world;
}

/**
 * Registers the hooks of a suite on one storage kind: its server (s3rver, rclone, sshd) is
 * started once for the suite, and every test gets a fresh world (on WebDAV and SFTP a fresh base
 * folder) with a mount at `/m` (handed to `use` with the mount's id), closed after the test.
 */
export function mountedFsWorldForEachTest(kind: StorageKind, use: (world: FsWorld, mountId: string) => void): void {
  const server = storageServerForSuite(kind);
  freshForEachTest(
    () => createFsWorld(kind, server()),
    async (world) => use(world, await world.mount('/m')),
  );
}

/** Form fields in their order: a `file` entry is the file part. */
export type FormFields = Array<[name: string, value: string] | [name: 'file', value: Buffer | string, filename: string]>;

/** A multipart/form-data body with fields in the given order (a `file` entry is the file part). */
export function formBody(fields: FormFields): {
  payload: Buffer;
  headers: Headers;
} {
  const boundary = `----cloudclip${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const field of fields) {
    if (field.length === 3) {
      const [name, value, filename] = field;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.isBuffer(value) ? value : Buffer.from(value),
        Buffer.from('\r\n'),
      );
    } else {
      const [name, value] = field;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The key of a sync client on the world (a laptop syncing over WebDAV): file and mount permission,
 * basic path `/docs/team`, valid for 30 days from the world's clock.
 */
export function seedSyncKey(w: FsWorld): Promise<ApiKeyRow> {
  return seedApiKey(w.t.container.repositories.apiKeys, {
    name: 'laptop sync',
    file: true,
    mount: true,
    basicPath: '/docs/team',
    expiresAt: new Date(w.now.value.getTime() + 30 * DAY_MS).toISOString(),
  });
}

export { startS3rver };
export type { S3rverHandle };

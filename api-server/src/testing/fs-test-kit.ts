/**
 * Test harness of the file-system browser tests (not a test itself): an app with a mount on the
 * default local storage or on an s3rver bucket, an admin token and API keys.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DAY_MS } from '../lib/time';
import type { StorageDriver } from '../storage/storage-driver';
import { seedApiKey, type SeedApiKeyInput } from './seed';
import { s3rverForSuite, startS3rver, type S3rverHandle } from './s3rver-server';
import { apiKeyHeader, bearer, createTestApp, freshForEachTest, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from './test-app';

export type StorageKind = 'local' | 's3rver';
export const STORAGE_KINDS: readonly StorageKind[] = ['local', 's3rver'];

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
  /** Creates a mount through the API and returns its id. */
  mount(mountPath: string, extra?: Record<string, unknown>): Promise<string>;
  /** A key (file permission unless told otherwise) and its Authorization header. */
  key(input?: SeedApiKeyInput): Promise<Headers>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers: Headers): Promise<LightMyRequestResponse>;
  post(url: string, headers: Headers, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string, headers: Headers): Promise<LightMyRequestResponse>;
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

export async function createS3Config(app: FastifyInstance, admin: Headers, s3: S3rverHandle, name = 's3rver'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/s3-configs',
    headers: admin,
    payload: {
      name,
      provider_type: 'Other',
      endpoint_url: s3.endpoint,
      bucket_name: s3.bucket,
      region: 'us-east-1',
      access_key_id: s3.accessKeyId,
      secret_access_key: s3.secretAccessKey,
      path_style: true,
      is_public: true,
    },
  });
  if (response.statusCode !== 200) throw new Error(`s3 config: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { id: string } }).data.id;
}

export async function createFsWorld(kind: StorageKind, s3?: S3rverHandle): Promise<FsWorld> {
  const now = { value: new Date() };
  const t = await createTestApp({ clock: () => now.value });
  const admin = bearer(await loginAsAdmin(t.app));
  const adminId = (await t.container.repositories.admins.findByUsername(TEST_ADMIN.username))?.id ?? '';
  let configId: string;
  if (kind === 'local') {
    const [local] = await t.container.repositories.storageConfigs.listByAdmin(adminId);
    if (!local) throw new Error('no default local storage');
    configId = local.id;
  } else {
    if (!s3) throw new Error('s3rver not started');
    configId = await createS3Config(t.app, admin, s3);
  }
  const config = await t.container.repositories.storageConfigs.findById(configId);
  if (!config) throw new Error('config missing');
  const driver = t.container.storage.driverFor(config);
  if (kind === 's3rver') await emptyBucket(driver);

  const request = (options: InjectOptions) => t.app.inject(options);
  const world: FsWorld = {
    t,
    app: t.app,
    kind,
    now,
    admin,
    adminId,
    configId,
    driver,
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
    post: (url, headers, payload) =>
      request({
        method: 'POST',
        url,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      }),
    del: (url, headers) => request({ method: 'DELETE', url, headers }),
    async close() {
      if (kind === 's3rver') await emptyBucket(driver).catch(() => undefined);
      await t.close();
      removeTempDir(t.dataDir);
    },
  };
  return world;
}

/**
 * Registers the hooks of a suite on one storage kind: s3rver is started once for the suite when
 * `kind` is 's3rver', and every test gets a fresh world with a mount at `/m` (handed to `use`
 * with the mount's id), closed after the test.
 */
export function mountedFsWorldForEachTest(kind: StorageKind, use: (world: FsWorld, mountId: string) => void): void {
  const s3 = s3rverForSuite(kind === 's3rver');
  freshForEachTest(
    () => createFsWorld(kind, s3()),
    async (world) => use(world, await world.mount('/m')),
  );
}

/** A multipart/form-data body with fields in the given order (a `file` entry is the file part). */
export function formBody(fields: Array<[name: string, value: string] | [name: 'file', value: Buffer | string, filename: string]>): {
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

export { startS3rver };
export type { S3rverHandle };

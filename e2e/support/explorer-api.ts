import type { FsBucketListing, FsListItem, FsVirtualListing } from '@cloudclip/contract';
import { request, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API_PORT, S3RVER } from '../playwright.config';
import { loginToken } from './admin-api';
import { sftpConfigBody, webDavConfigBody } from './storage-servers';

const API_BASE = `http://127.0.0.1:${API_PORT}`;

/** An entry of a listing, as the contract types it (virtual, directory or file). */
export type { FsListItem } from '@cloudclip/contract';

export interface Mount {
  id: string;
  mountPath: string;
  configId: string;
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Seeding and checking the mount explorer through the real API (api-server directly), as the admin
 * or as a key holder. Mounts are created with cache TTL 0 so every listing reflects the storage.
 */
export class ExplorerApi {
  private session: { context: APIRequestContext; credential: string } | undefined;

  private constructor(readonly family: 'admin' | 'user') {}

  static async admin(): Promise<ExplorerApi> {
    return new ExplorerApi('admin').loginAsAdmin();
  }

  static async key(key: string): Promise<ExplorerApi> {
    return new ExplorerApi('user').open(`ApiKey ${key}`, key);
  }

  /**
   * The admin's API for the tests of one spec file, to call at its top level: a beforeAll hook logs
   * in (before the file's own hooks, which may use it) and an afterAll hook disposes it.
   */
  static adminForSpecFile(): ExplorerApi {
    const api = new ExplorerApi('admin');
    test.beforeAll(async () => {
      await api.loginAsAdmin();
    });
    test.afterAll(async () => {
      await api.dispose();
    });
    return api;
  }

  private async loginAsAdmin(): Promise<this> {
    const token = await loginToken();
    return this.open(`Bearer ${token}`, token);
  }

  private async open(authorization: string, credential: string): Promise<this> {
    const context = await request.newContext({ baseURL: API_BASE, extraHTTPHeaders: { Authorization: authorization } });
    this.session = { context, credential };
    return this;
  }

  private get current(): { context: APIRequestContext; credential: string } {
    if (!this.session) throw new Error('ExplorerApi: not logged in yet (use it in hooks and tests, not at the top level)');
    return this.session;
  }

  /** The admin's token or the key this API sends. */
  get credential(): string {
    return this.current.credential;
  }

  private get api(): APIRequestContext {
    return this.current.context;
  }

  async dispose(): Promise<void> {
    await this.session?.context.dispose();
    this.session = undefined;
  }

  private async data<T>(response: APIResponse, what: string): Promise<T> {
    return (await json<{ data: T }>(response, what)).data;
  }

  /** A fresh local-driver storage (its own directory) mounted at `mountPath`. */
  async createLocalMount(mountPath: string): Promise<Mount> {
    const config = await this.data<{ id: string }>(
      await this.api.post('/api/s3-configs', { data: { name: `local ${mountPath}`, provider_type: 'Local' } }),
      'create local config',
    );
    return this.mount(mountPath, config.id);
  }

  /** A storage config on the s3rver bucket, mounted at `mountPath` (the mount shows the whole bucket). */
  async createS3Mount(mountPath: string): Promise<Mount> {
    const config = await this.data<{ id: string }>(
      await this.api.post('/api/s3-configs', {
        data: {
          name: `s3rver ${mountPath}`,
          provider_type: 'Other',
          endpoint_url: S3RVER.endpoint,
          bucket_name: S3RVER.bucket,
          access_key_id: S3RVER.accessKeyId,
          secret_access_key: S3RVER.secretAccessKey,
          region: 'us-east-1',
          path_style: true,
        },
      }),
      'create s3 config',
    );
    return this.mount(mountPath, config.id);
  }

  /** A WebDAV config on the rclone server (its own fresh base folder), mounted at `mountPath`. */
  async createWebDavMount(mountPath: string): Promise<Mount> {
    const body = webDavConfigBody(`webdav ${mountPath}`, `e2e/${uniqueName('webdav')}`);
    const config = await this.data<{ id: string }>(await this.api.post('/api/s3-configs', { data: body }), 'create webdav config');
    return this.mount(mountPath, config.id);
  }

  /** An SFTP config on the sshd (key auth, host key pinned; its own fresh base folder), mounted at `mountPath`. */
  async createSftpMount(mountPath: string): Promise<Mount> {
    const body = sftpConfigBody(`sftp ${mountPath}`, uniqueName('sftp'));
    const config = await this.data<{ id: string }>(await this.api.post('/api/s3-configs', { data: body }), 'create sftp config');
    return this.mount(mountPath, config.id);
  }

  private async mount(mountPath: string, configId: string): Promise<Mount> {
    const mount = await this.data<{ id: string }>(
      await this.api.post('/api/admin/mounts', {
        data: { name: mountPath.slice(1), storage_type: 'S3', storage_config_id: configId, mount_path: mountPath, cache_ttl: 0 },
      }),
      'create mount',
    );
    return { id: mount.id, mountPath, configId };
  }

  async createKey(body: {
    name: string;
    text_permission?: boolean;
    file_permission?: boolean;
    mount_permission?: boolean;
    basic_path?: string;
  }): Promise<string> {
    const created = await this.data<{ key: string }>(
      await this.api.post('/api/admin/api-keys', { data: { expires_at: 'never', text_permission: false, ...body } }),
      'create key',
    );
    return created.key;
  }

  async list(path: string): Promise<FsListItem[]> {
    return (
      await this.data<FsBucketListing | FsVirtualListing>(
        await this.api.get(`/api/${this.family}/fs/list`, { params: { path } }),
        `list ${path}`,
      )
    ).items;
  }

  async names(path: string): Promise<string[]> {
    return (await this.list(path)).map((item) => item.name).sort();
  }

  async mkdir(path: string): Promise<void> {
    await json(await this.api.post(`/api/${this.family}/fs/mkdir`, { data: { path } }), `mkdir ${path}`);
  }

  /** Writes a text file (`fs/update`). */
  async writeText(path: string, content: string): Promise<void> {
    await json(await this.api.post(`/api/${this.family}/fs/update`, { data: { path, content } }), `update ${path}`);
  }

  /** Uploads bytes into a directory (`fs/upload`, direct). */
  async upload(directory: string, name: string, bytes: Buffer, mimeType = 'application/octet-stream'): Promise<void> {
    await json(
      await this.api.post(`/api/${this.family}/fs/upload`, {
        multipart: { file: { name, mimeType, buffer: bytes }, path: directory, use_multipart: 'false' },
      }),
      `upload ${directory}${name}`,
    );
  }

  async read(path: string): Promise<Buffer> {
    const response = await this.api.get(`/api/${this.family}/fs/download`, { params: { path } });
    if (!response.ok()) throw new Error(`download ${path} failed: ${response.status()}`);
    return response.body();
  }

  /** Status of `fs/get` (200 when the file exists). */
  async status(path: string): Promise<number> {
    return (await this.api.get(`/api/${this.family}/fs/get`, { params: { path } })).status();
  }
}

/** A short unique suffix for this run. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

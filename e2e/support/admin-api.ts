import { request, type APIRequestContext } from '@playwright/test';
import { ADMIN, API_PORT } from '../playwright.config';

/** The api-server itself (the gateway proxies the same routes under the same paths). */
const API_BASE = `http://127.0.0.1:${API_PORT}`;

interface Envelope<T> {
  code?: number;
  message?: string;
  data: T;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Logs in and returns a token (optionally with other credentials). */
export async function loginToken(credentials: { username: string; password: string } = ADMIN): Promise<string> {
  const api = await request.newContext({ baseURL: API_BASE });
  try {
    const body = await ok<Envelope<{ token: string }>>(await api.post('/api/admin/login', { data: credentials }), 'login');
    return body.data.token;
  } finally {
    await api.dispose();
  }
}

/**
 * Seeding and checking through the real API, as the admin (or as a key holder with `asKey`).
 * Every call goes to the api-server directly; the UI under test goes through the gateway.
 */
export class AdminApi {
  private constructor(
    private readonly api: APIRequestContext,
    readonly token: string,
  ) {}

  static async login(): Promise<AdminApi> {
    const token = await loginToken();
    const api = await request.newContext({ baseURL: API_BASE, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    return new AdminApi(api, token);
  }

  /** A context that sends `ApiKey <key>` instead. */
  static async asKey(key: string): Promise<AdminApi> {
    const api = await request.newContext({ baseURL: API_BASE, extraHTTPHeaders: { Authorization: `ApiKey ${key}` } });
    return new AdminApi(api, key);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }

  async get<T>(path: string): Promise<T> {
    return (await ok<Envelope<T>>(await this.api.get(path), `GET ${path}`)).data;
  }

  async raw(path: string): Promise<unknown> {
    return ok<unknown>(await this.api.get(path), `GET ${path}`);
  }

  async post<T>(path: string, data?: unknown): Promise<T> {
    return (await ok<Envelope<T>>(await this.api.post(path, { data: data ?? {} }), `POST ${path}`)).data;
  }

  async put<T>(path: string, data?: unknown): Promise<T> {
    return (await ok<Envelope<T>>(await this.api.put(path, { data: data ?? {} }), `PUT ${path}`)).data;
  }

  async delete(path: string): Promise<void> {
    await ok<unknown>(await this.api.delete(path), `DELETE ${path}`);
  }

  /** `POST /api/paste` (flat body). */
  async createPaste(body: {
    content: string;
    slug?: string;
    remark?: string;
    password?: string;
    expiresAt?: string | null;
    maxViews?: number;
  }): Promise<{ id: string; slug: string }> {
    return ok<{ id: string; slug: string }>(await this.api.post('/api/paste', { data: body }), 'create paste');
  }

  async adminPastes(
    page = 1,
    limit = 100,
  ): Promise<{
    data: Array<{ id: string; slug: string; remark: string | null; max_views: number | null; expires_at: string | null }>;
    pagination: { total: number };
  }> {
    return ok(await this.api.get(`/api/admin/pastes?page=${page}&limit=${limit}`), 'list pastes');
  }

  async createKey(body: {
    name: string;
    text_permission?: boolean;
    file_permission?: boolean;
    mount_permission?: boolean;
    expires_at?: string | null;
    custom_key?: string;
    basic_path?: string;
  }): Promise<{ id: string; key: string; name: string }> {
    return this.post('/api/admin/api-keys', { expires_at: 'never', ...body });
  }

  async keys(): Promise<
    Array<{
      id: string;
      name: string;
      key: string;
      text_permission: number | boolean;
      file_permission: number | boolean;
      mount_permission: number | boolean;
      basic_path: string;
      expires_at: string;
    }>
  > {
    return this.get('/api/admin/api-keys');
  }

  async configs(): Promise<Array<{ id: string; name: string; provider_type: string; is_default: number; driver?: string }>> {
    return this.get('/api/s3-configs');
  }

  async settings(): Promise<Array<{ key: string; value: string }>> {
    return this.get('/api/admin/system-settings');
  }

  /** Uploads a small file share through presign → PUT → commit (the browser flow), as this caller. */
  async uploadFile(
    filename: string,
    content: string,
    options: { s3_config_id?: string; remark?: string; password?: string } = {},
  ): Promise<{ id: string; slug: string }> {
    const configId = options.s3_config_id ?? (await this.defaultConfigId());
    const bytes = Buffer.from(content);
    const presigned = await this.post<{ file_id: string; upload_url: string; contentType: string }>('/api/s3/presign', {
      s3_config_id: configId,
      filename,
      size: bytes.length,
    });
    const put = await this.api.fetch(
      presigned.upload_url.startsWith('http') ? presigned.upload_url : `${API_BASE}${presigned.upload_url}`,
      {
        method: 'PUT',
        data: bytes,
        headers: { 'Content-Type': presigned.contentType },
      },
    );
    if (!put.ok()) throw new Error(`storage PUT failed: ${put.status()} ${await put.text()}`);
    const etag = put.headers()['etag']?.replace(/"/g, '') ?? null;
    const committed = await this.post<{ id: string; slug: string }>('/api/s3/commit', {
      file_id: presigned.file_id,
      etag,
      size: String(bytes.length),
      remark: options.remark,
      password: options.password,
    });
    return committed;
  }

  async defaultConfigId(): Promise<string> {
    const configs = await this.configs();
    const chosen =
      configs.find((config) => config.is_default === 1) ??
      configs.find((config) => config.driver === 'local' || config.provider_type === 'Local') ??
      configs[0];
    if (!chosen) throw new Error('no storage config');
    return chosen.id;
  }
}

import type { FsSearchData, MountIndexState } from '@cloudclip/contract';
import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API_PORT } from '../playwright.config';

const API_BASE = `http://127.0.0.1:${API_PORT}`;

async function data<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The mount index through the real API as the admin (api-server directly): its state, waiting for a
 * crawl to finish, and the fs writes the explorer helpers lack (rename, remove), so the mount search
 * specs can change entries behind the page and check the index follows.
 */
export class MountIndexApi {
  private constructor(private readonly api: APIRequestContext) {}

  static async admin(adminToken: string): Promise<MountIndexApi> {
    return new MountIndexApi(await request.newContext({ baseURL: API_BASE, extraHTTPHeaders: { Authorization: `Bearer ${adminToken}` } }));
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }

  async state(mountId: string): Promise<MountIndexState> {
    return data<MountIndexState>(await this.api.get(`/api/admin/mounts/${mountId}/index`), 'index state');
  }

  /** Polls the index state until the crawl is over and says ready (a failed crawl fails the wait at once). */
  async waitUntilReady(mountId: string): Promise<MountIndexState> {
    await expect
      .poll(
        async () => {
          const state = await this.state(mountId);
          if (state.status === 'failed') throw new Error(`the index of ${mountId} failed: ${state.error ?? ''}`);
          return state.status;
        },
        { timeout: 30_000 },
      )
      .toBe('ready');
    return this.state(mountId);
  }

  async search(q: string, path: string): Promise<FsSearchData> {
    return data<FsSearchData>(await this.api.get('/api/admin/fs/search', { params: { q, path } }), `search ${q} in ${path}`);
  }

  async rename(oldPath: string, newPath: string): Promise<void> {
    await data(await this.api.post('/api/admin/fs/rename', { data: { oldPath, newPath } }), `rename ${oldPath}`);
  }

  async remove(...paths: string[]): Promise<void> {
    await data(await this.api.post('/api/admin/fs/batch-remove', { data: { paths } }), `remove ${paths.join(', ')}`);
  }
}

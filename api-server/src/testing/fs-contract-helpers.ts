/**
 * Helpers of the file-system browser contract tests (routes/fs-contract-*.test.ts, contract §5.9),
 * bound to the running test's world (see `mountedFsWorldForEachTest` in ./fs-test-kit.ts): write,
 * check and read bucket objects directly, list the file rows, and fetch presigned URLs.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { FileRow } from '../db/schema';
import type { FsWorld, Headers } from './fs-test-kit';
import { readAll } from './fs-test-streams';

/** The `data` field of a JSON envelope answer. */
export const data = (response: LightMyRequestResponse) => response.json().data;

export interface FsContractHelpers {
  /** Writes an object straight into the storage (bucket key, not mount path). */
  put(key: string, content: string | Buffer, contentType?: string): Promise<{ etag: string }>;
  exists(key: string): Promise<boolean>;
  /** An object's content as UTF-8 text. */
  read(key: string): Promise<string>;
  /** Every file row, by storage path. */
  fileRows(): Promise<FileRow[]>;
  /** GET/PUT a presigned URL: our own routes through inject, s3rver over the network. */
  fetchUrl(
    url: string,
    init?: { method?: string; body?: Buffer | string; headers?: Headers },
  ): Promise<{ status: number; body: string; headers: Record<string, string> }>;
}

/** The helpers on the world `world()` returns (the running test's). */
export function fsContractHelpers(world: () => FsWorld): FsContractHelpers {
  return {
    put: (key, content, contentType = 'text/plain') => world().driver.putObject(key, content, { contentType }),
    exists: async (key) => (await world().driver.headObject(key)) !== null,
    read: async (key) => (await readAll((await world().driver.getObject(key)).body)).toString('utf8'),
    fileRows: () => world().t.container.db.selectFrom('files').selectAll().orderBy('storage_path').execute(),
    async fetchUrl(url, init = {}) {
      const parsed = new URL(url);
      if (parsed.pathname.startsWith('/api/')) {
        const response = await world().request({
          method: (init.method ?? 'GET') as 'GET' | 'PUT',
          url: `${parsed.pathname}${parsed.search}`,
          headers: init.headers ?? {},
          ...(init.body === undefined ? {} : { payload: init.body }),
        });
        return { status: response.statusCode, body: response.body, headers: response.headers as Record<string, string> };
      }
      const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      return { status: response.status, body: await response.text(), headers };
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { FileRow } from '../db/schema';
import { seedApiKey } from '../testing/seed';
import { createTestApp, removeTempDir, type TestApp } from '../testing/test-app';
import type { FileRepository } from './file-repository';

describe('FileRepository', () => {
  let t: TestApp;
  let files: FileRepository;
  let configId: string;

  beforeEach(async () => {
    t = await createTestApp();
    files = t.container.repositories.files;
    const [config] = await t.container.repositories.storageConfigs.listPublic();
    configId = config?.id as string;
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  function row(overrides: Partial<FileRow> = {}): FileRow {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      filename: 'a.txt',
      storage_path: `k/${randomUUID()}`,
      s3_url: '',
      mimetype: 'text/plain',
      size: 10,
      s3_config_id: configId,
      slug: randomUUID().slice(0, 8),
      remark: null,
      password_hash: null,
      password_sealed: null,
      expires_at: null,
      max_views: null,
      views: 0,
      use_proxy: 1,
      etag: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    };
  }

  it('inserts, finds by id / slug / storage key, updates and deletes', async () => {
    const a = row({ slug: 'slug-a', storage_path: 'x/a.txt' });
    await files.insert(a);
    expect((await files.findById(a.id))?.slug).toBe('slug-a');
    expect((await files.findBySlug('slug-a'))?.id).toBe(a.id);
    expect(await files.slugExists('slug-a')).toBe(true);
    expect((await files.findByStorageKey(configId, 'x/a.txt')).map((r) => r.id)).toEqual([a.id]);
    expect(await files.update(a.id, { remark: 'r', size: 3_000_000_000 })).toBe(true);
    expect(await files.findById(a.id)).toMatchObject({ remark: 'r', size: 3_000_000_000 });
    expect(await files.incrementViews(a.id)).toBe(1);
    expect(await files.incrementViews(a.id)).toBe(2);
    expect(await files.deleteById(a.id, 'someone-else')).toBe(false);
    expect(await files.deleteById(a.id)).toBe(true);
    expect(await files.incrementViews(a.id)).toBeUndefined();
  });

  it('deletes rows by storage key and sums sizes per config (0 when empty, large sums exact)', async () => {
    expect(await files.sumSizeByConfig(configId)).toBe(0);
    await files.insert(row({ storage_path: 'same', size: 4_000_000_000 }));
    await files.insert(row({ storage_path: 'other', size: 5 }));
    expect(await files.sumSizeByConfig(configId)).toBe(4_000_000_005);
    expect(await files.deleteByStorageKey(configId, 'same')).toBe(1);
    expect(await files.sumSizeByConfig(configId)).toBe(5);
  });

  it('lists newest first with filters, pagination and the joined config and key names', async () => {
    const key = await seedApiKey(t.container.repositories.apiKeys, { name: 'the key', file: true });
    await files.insert(row({ slug: 'old', created_at: '2025-01-01T00:00:00.000Z' }));
    await files.insert(row({ slug: 'mid', created_at: '2025-01-02T00:00:00.000Z', created_by: `apikey:${key.id}` }));
    await files.insert(row({ slug: 'new', created_at: '2025-01-03T00:00:00.000Z', created_by: 'admin-1' }));
    const all = await files.list({ limit: 10, offset: 0 });
    expect(all.map((r) => r.slug)).toEqual(['new', 'mid', 'old']);
    expect(all[1]).toMatchObject({ key_name: 'the key', s3_config_name: 'Local storage', s3_provider_type: 'Local' });
    expect(all[0]?.key_name).toBeNull();
    expect((await files.list({ limit: 1, offset: 1 })).map((r) => r.slug)).toEqual(['mid']);
    expect((await files.list({ createdBy: `apikey:${key.id}`, limit: 10, offset: 0 })).map((r) => r.slug)).toEqual(['mid']);
    expect(await files.count({ createdBy: 'admin-1' })).toBe(1);
    expect(await files.count({ s3ConfigId: randomUUID() })).toBe(0);
    expect((await files.findDetailById(all[1]?.id as string, `apikey:${key.id}`))?.key_name).toBe('the key');
    expect(await files.findDetailById(all[1]?.id as string, 'admin-1')).toBeUndefined();
  });
});

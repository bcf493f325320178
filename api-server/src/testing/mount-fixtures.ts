import type { AppDatabase } from '../db/database';
import type { StorageConfigRow } from '../db/schema';
import type { StorageDriver } from '../storage/storage-driver';
import { TEST_ADMIN, type TestApp } from './test-app';

/** A mount row (S3 type, no storage config) written straight into the database, for repository tests. */
export async function insertMountRow(db: AppDatabase, id: string, mountPath: string, now = '2026-01-01T00:00:00.000Z'): Promise<void> {
  await db
    .insertInto('mounts')
    .values({
      id,
      name: id,
      storage_type: 'S3',
      storage_config_id: null,
      mount_path: mountPath,
      remark: null,
      created_by: 'a',
      created_at: now,
      updated_at: now,
      last_used: null,
    })
    .execute();
}

/** The test admin's storage configuration (the app's default local disk) and its driver. */
export async function adminStorage(t: TestApp): Promise<{ config: StorageConfigRow; driver: StorageDriver }> {
  const owner = await t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
  const [config] = await t.container.repositories.storageConfigs.listByAdmin(owner?.id ?? '');
  if (!config) throw new Error('the test admin has no storage configuration');
  return { config, driver: t.container.storage.driverFor(config) };
}

/**
 * Stores `files` (each holding its own key) in the admin's storage and creates the mount `/m` on it
 * through the API (its index crawl starts there); returns the mount's id.
 */
export async function mountAdminStorage(t: TestApp, admin: Record<string, string>, files: readonly string[]): Promise<string> {
  const { config, driver } = await adminStorage(t);
  for (const key of files) await driver.putObject(key, key);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mounts',
    headers: admin,
    payload: { name: 'm', storage_type: 'S3', storage_config_id: config.id, mount_path: '/m' },
  });
  expect(created.statusCode).toBe(200);
  return (created.json() as { data: { id: string } }).data.id;
}

/**
 * Creates through the API the mount `/m` ('shared', listing cache of one hour) on the admin's
 * storage, as the replica tests share it between apps; returns the ids of the mount and the config.
 */
export async function mountSharedCachedStorage(t: TestApp, admin: Record<string, string>): Promise<{ mountId: string; configId: string }> {
  const { config } = await adminStorage(t);
  const payload = { name: 'shared', storage_type: 'S3', storage_config_id: config.id, mount_path: '/m', cache_ttl: 3600 };
  const mount = await t.app.inject({ method: 'POST', url: '/api/admin/mounts', headers: admin, payload });
  expect(mount.statusCode).toBe(200);
  return { mountId: (mount.json() as { data: { id: string } }).data.id, configId: config.id };
}

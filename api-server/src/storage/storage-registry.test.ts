import type { StorageConfigRow } from '../db/schema';
import { SecretBox } from '../lib/secret-box';
import { LocalStorageDriver } from './local-driver';
import { S3StorageDriver } from './s3-driver';
import { StorageRegistry } from './storage-registry';

const box = new SecretBox('registry-test-secret');

function row(overrides: Partial<StorageConfigRow> = {}): StorageConfigRow {
  return {
    id: 'c1',
    name: 'n',
    driver: 's3',
    provider_type: 'Other',
    endpoint_url: 'http://127.0.0.1:9000',
    bucket_name: 'b',
    region: '',
    access_key_id_sealed: box.encrypt('AK'),
    secret_access_key_sealed: box.encrypt('SK'),
    path_style: 1,
    default_folder: '',
    is_public: 0,
    is_default: 0,
    total_storage_bytes: null,
    custom_host: null,
    host_key_sha256: null,
    signature_expires_in: 3600,
    admin_id: 'a',
    created_at: '2025-07-01T00:00:00.000Z',
    updated_at: '2025-07-01T00:00:00.000Z',
    last_used: null,
    ...overrides,
  };
}

describe('storage registry', () => {
  let registry: StorageRegistry;

  beforeEach(() => {
    registry = new StorageRegistry({ dataDir: '/tmp/cloudclip-registry-test', secretBox: box, clock: () => new Date() });
  });

  afterEach(() => registry.destroyAll());

  it('builds an S3 driver with the unsealed credentials and reuses it while the row is unchanged', async () => {
    const driver = registry.driverFor(row());
    expect(driver).toBeInstanceOf(S3StorageDriver);
    const credentials = await (driver as S3StorageDriver).client.config.credentials();
    expect(credentials).toMatchObject({ accessKeyId: 'AK', secretAccessKey: 'SK' });
    expect(registry.driverFor(row())).toBe(driver);
  });

  it('builds a new driver when updated_at changes, and after an eviction', () => {
    const first = registry.driverFor(row());
    const second = registry.driverFor(row({ updated_at: '2025-07-02T00:00:00.000Z' }));
    expect(second).not.toBe(first);
    registry.evict('c1');
    expect(registry.driverFor(row({ updated_at: '2025-07-02T00:00:00.000Z' }))).not.toBe(second);
  });

  it('builds a local driver for driver=local, serving the config id', () => {
    const driver = registry.driverFor(row({ driver: 'local', id: 'local-1' }));
    expect(driver).toBeInstanceOf(LocalStorageDriver);
    expect(driver.configId).toBe('local-1');
  });

  it('signs local URLs with a key derived from the server secret, never the secret itself', () => {
    const operation = { method: 'GET' as const, disposition: 'inline' as const, filename: 'k' };
    const same = new StorageRegistry({ dataDir: '/tmp/x', secretBox: new SecretBox('registry-test-secret'), clock: () => new Date() });
    const other = new StorageRegistry({ dataDir: '/tmp/x', secretBox: new SecretBox('another-secret'), clock: () => new Date() });
    const signature = registry.signer.signature('c', 'k', 1, operation);
    expect(same.signer.signature('c', 'k', 1, operation)).toBe(signature);
    expect(other.signer.signature('c', 'k', 1, operation)).not.toBe(signature);
    expect(box.deriveKey('a').equals(box.deriveKey('b'))).toBe(false);
    expect(box.deriveKey('a')).toHaveLength(32);
  });
});

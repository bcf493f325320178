import type { StorageConfigRow } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';
import type { Clock } from '../lib/time';
import { LocalStorageDriver, localStoragePaths } from './local-driver';
import { LocalUrlSigner } from './local-url-signer';
import { S3StorageDriver } from './s3-driver';
import { parseSftpEndpoint } from './sftp/sftp-connection-options';
import { SftpStorageDriver } from './sftp/sftp-driver';
import type { StorageDriver } from './storage-driver';
import { WebDavStorageDriver } from './webdav/webdav-driver';

const RETIRE_DELAY_MS = 60_000;

/**
 * How long a WebDAV or SFTP server may take before a request fails with `Unavailable` (STORAGE_CONNECT_TIMEOUT_MS,
 * STORAGE_RESPONSE_TIMEOUT_MS): `connectMs` to connect (SFTP: with handshake and login), `responseMs` of
 * silence while a request waits for an answer or a transfer stalls. Absent = the drivers' defaults.
 */
export interface RemoteStorageTimeouts {
  connectMs?: number;
  responseMs?: number;
}

export interface StorageRegistryOptions {
  dataDir: string;
  secretBox: SecretBox;
  clock: Clock;
  timeouts?: RemoteStorageTimeouts;
}

/** The storage-config columns a driver is built from. */
export type DriverConfig = Pick<
  StorageConfigRow,
  | 'id'
  | 'driver'
  | 'endpoint_url'
  | 'bucket_name'
  | 'region'
  | 'access_key_id_sealed'
  | 'secret_access_key_sealed'
  | 'path_style'
  | 'custom_host'
  | 'host_key_sha256'
  | 'updated_at'
>;

/**
 * Hands out the driver of a storage-config row. Drivers (and so S3 clients with their connection
 * pools) are cached per config id and `updated_at`: an edited config gets a fresh client, the old
 * one is destroyed. This is a cache only; the database row stays the source of truth.
 */
export class StorageRegistry {
  /** Signs and checks the local driver's URLs (key derived from the server secret). */
  readonly signer: LocalUrlSigner;
  private readonly drivers = new Map<string, { version: string; driver: StorageDriver }>();
  private readonly retiring = new Set<StorageDriver>();

  constructor(private readonly options: StorageRegistryOptions) {
    this.signer = new LocalUrlSigner(options.secretBox.deriveKey('local-storage-url-signing'), options.clock);
  }

  driverFor(config: DriverConfig): StorageDriver {
    const version = `${config.driver}|${config.updated_at}`;
    const cached = this.drivers.get(config.id);
    if (cached && cached.version === version) return cached.driver;
    if (cached) this.retire(cached.driver);
    const driver = this.create(config);
    this.drivers.set(config.id, { version, driver });
    return driver;
  }

  private create(config: DriverConfig): StorageDriver {
    if (config.driver === 'local') {
      return new LocalStorageDriver({ configId: config.id, ...localStoragePaths(this.options.dataDir, config.id), signer: this.signer });
    }
    const { secretBox, timeouts = {} } = this.options;
    if (config.driver === 'webdav') {
      // endpoint_url = the WebDAV URL, bucket_name = the base folder, the key pair = user and password.
      return new WebDavStorageDriver({
        configId: config.id,
        endpointUrl: config.endpoint_url,
        baseFolder: config.bucket_name,
        username: secretBox.decryptNullable(config.access_key_id_sealed) ?? '',
        password: secretBox.decryptNullable(config.secret_access_key_sealed) ?? '',
        signer: this.signer,
        ...(timeouts.connectMs === undefined ? {} : { connectTimeoutMs: timeouts.connectMs }),
        ...(timeouts.responseMs === undefined ? {} : { idleTimeoutMs: timeouts.responseMs }),
      });
    }
    if (config.driver === 'sftp') {
      // endpoint_url = sftp://host:port, bucket_name = the base folder, access key = user,
      // secret = password or PEM private key, host_key_sha256 = the fingerprint the server must show.
      return new SftpStorageDriver({
        configId: config.id,
        ...parseSftpEndpoint(config.endpoint_url),
        baseFolder: config.bucket_name,
        username: secretBox.decryptNullable(config.access_key_id_sealed) ?? '',
        secret: secretBox.decryptNullable(config.secret_access_key_sealed) ?? '',
        hostKeySha256: config.host_key_sha256 ?? null,
        signer: this.signer,
        ...(timeouts.connectMs === undefined ? {} : { readyTimeoutMs: timeouts.connectMs }),
        ...(timeouts.responseMs === undefined ? {} : { operationTimeoutMs: timeouts.responseMs }),
      });
    }
    return new S3StorageDriver({
      configId: config.id,
      endpointUrl: config.endpoint_url,
      region: config.region,
      bucket: config.bucket_name,
      accessKeyId: secretBox.decryptNullable(config.access_key_id_sealed) ?? '',
      secretAccessKey: secretBox.decryptNullable(config.secret_access_key_sealed) ?? '',
      pathStyle: config.path_style === 1,
      customHost: config.custom_host,
    });
  }

  /** Forgets (and releases) the driver of a config that changed or was deleted. */
  evict(configId: string): void {
    const cached = this.drivers.get(configId);
    if (!cached) return;
    this.drivers.delete(configId);
    this.retire(cached.driver);
  }

  /** Destroys a replaced driver a little later, so requests already using it can finish. */
  private retire(driver: StorageDriver): void {
    this.retiring.add(driver);
    const timer = setTimeout(() => {
      this.retiring.delete(driver);
      driver.destroy();
    }, RETIRE_DELAY_MS);
    timer.unref();
  }

  /** Releases every driver (app shutdown). */
  destroyAll(): void {
    for (const { driver } of this.drivers.values()) driver.destroy();
    for (const driver of this.retiring) driver.destroy();
    this.drivers.clear();
    this.retiring.clear();
  }
}

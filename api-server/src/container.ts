import { CacheRegistry } from './cache/cache-registry';
import { LocalInvalidationBus, type InvalidationBus } from './cache/invalidation-bus';
import type { AppDatabase, DatabaseEngine } from './db/database';
import type { Clock } from './lib/time';
import type { SecretBox } from './lib/secret-box';
import { AdminRepository } from './repositories/admin-repository';
import { AdminTokenRepository } from './repositories/admin-token-repository';
import { ApiKeyRepository } from './repositories/api-key-repository';
import { PasteRepository } from './repositories/paste-repository';
import { SystemSettingRepository } from './repositories/system-setting-repository';
import { DashboardRepository } from './repositories/dashboard-repository';
import { MountRepository } from './repositories/mount-repository';
import { DavLockRepository } from './repositories/dav-lock-repository';
import { CacheService } from './services/cache-service';
import { DashboardService } from './services/dashboard-service';
import { AdminAccountService } from './services/admin-account-service';
import { ApiKeyService } from './services/api-key-service';
import { AuthService } from './services/auth-service';
import { PasteService } from './services/paste-service';
import { SystemService } from './services/system-service';
import { FileRepository } from './repositories/file-repository';
import { createFileShareServices, type FileShareServices } from './services/file-shares';
import { FileShareMounts } from './services/file-share-mounts';
import { UploadLimits } from './services/upload-limits';
import { UploadReservations } from './services/upload-reservations';
import { UrlImportService } from './services/url-import-service';
import { SafeHttpClient } from './lib/safe-http';
import { StorageConfigRepository } from './repositories/storage-config-repository';
import { StorageConfigService } from './services/storage-config-service';
import { StorageTestService } from './services/storage-test-service';
import { StorageRegistry, type RemoteStorageTimeouts } from './storage/storage-registry';
import { FsAccess } from './services/fs/fs-access';
import { VerifiedBasicCache } from './auth/verified-basic-cache';
import { DavLockService } from './webdav/dav-locks';
import { davPathMetadata, DavPropertyStore } from './webdav/dav-properties';
import { FsCopyService } from './services/fs/fs-copy';
import { FsService } from './services/fs/fs-service';
import { FsUploadService } from './services/fs/fs-upload';
import { MountService } from './services/mount-service';
import { SearchRepository } from './repositories/search-repository';
import { SearchService } from './services/search-service';
import { MountIndexRepository } from './repositories/mount-index-repository';
import { MountIndexCrawler, type MountIndexCrawlerDeps } from './services/mount-index/mount-index-crawler';
import { MountIndexService } from './services/mount-index/mount-index-service';
import { combinePathMetadata } from './services/fs/fs-access';
import { FsSearchService } from './services/fs/fs-search';
import { DavLockAdminService } from './services/dav-lock-admin-service';

/** The composition root: one instance of every repository and service for an app. */
export interface AppContainer {
  db: AppDatabase;
  clock: Clock;
  /** Root of server-side data (SQLite file, local storage, server secret). */
  dataDir: string;
  /** Seals recoverable secrets (share passwords, storage credentials). */
  secretBox: SecretBox;
  /** In-process caches (directory listings per mount, presigned URLs per config), cleared via the cache endpoints. */
  caches: CacheRegistry;
  /** Sends the caches' clears to the other replicas and applies theirs (PostgreSQL LISTEN/NOTIFY; in-process on SQLite). */
  invalidations: InvalidationBus;
  /** Storage drivers per storage config (S3 clients cached per config and `updated_at`). */
  storage: StorageRegistry;
  repositories: {
    admins: AdminRepository;
    adminTokens: AdminTokenRepository;
    apiKeys: ApiKeyRepository;
    systemSettings: SystemSettingRepository;
    pastes: PasteRepository;
    dashboard: DashboardRepository;
    mounts: MountRepository;
    storageConfigs: StorageConfigRepository;
    /** Rows of `files`: share uploads and the rows the fs browser records. */
    files: FileRepository;
    /** Search across pastes and file shares (`GET /api/admin/search`). */
    search: SearchRepository;
    /** The filename index of the mounts: entries, crawl state and queue. */
    mountIndex: MountIndexRepository;
    /** The WebDAV locks as the admin and the key management see them (taking them: services.davLocks). */
    davLocks: DavLockRepository;
  };
  services: {
    adminAccounts: AdminAccountService;
    auth: AuthService;
    system: SystemService;
    apiKeys: ApiKeyService;
    pastes: PasteService;
    dashboard: DashboardService;
    cache: CacheService;
    storageConfigs: StorageConfigService;
    storageTests: StorageTestService;
    /** File shares (§5.4) and URL import (§5.8). */
    fileShares: FileShareServices;
    urlImport: UrlImportService;
    /** Quota space held by unfinished uploads (services/upload-reservations.ts). */
    uploadReservations: UploadReservations;
    /** Mounts (§5.6) and the file-system browser (§5.9). */
    mounts: MountService;
    fs: FsService;
    fsUploads: FsUploadService;
    fsCopies: FsCopyService;
    /** Mount resolution and access rules shared by the fs API and WebDAV (src/webdav/). */
    fsAccess: FsAccess;
    /** `GET /api/admin/search` (issue 16). */
    search: SearchService;
    /** The mount index: background crawl, state, rebuild, kept current by the fs path hooks. */
    mountIndex: MountIndexService;
    /** `GET /api/{admin,user}/fs/search` over the mount index. */
    fsSearch: FsSearchService;
    /** WebDAV write locks and dead properties (in the database). */
    davLocks: DavLockService;
    davProperties: DavPropertyStore;
    /** A mount's WebDAV locks for the admin: list and release (`/api/admin/mounts/{id}/dav-locks`). */
    davLockAdmin: DavLockAdminService;
  };
}

export interface ContainerInput {
  db: AppDatabase;
  clock: Clock;
  /** The database engine: reported by GET /api/version, and picks the lock of paste-storage writes. */
  storageName: DatabaseEngine;
  dataDir: string;
  secretBox: SecretBox;
  /** The mount index crawl's page size, page hook, lease length and replica watch (tests, API_REPLICAS). */
  mountIndex?: Pick<MountIndexCrawlerDeps, 'pageSize' | 'afterPage' | 'onError' | 'leaseMs' | 'watchPeers'>;
  /** How cache clears reach the other replicas (default: none, one process). The caller starts and closes it. */
  invalidations?: InvalidationBus;
  /** WebDAV/SFTP connect and response timeouts (STORAGE_*_TIMEOUT_MS; tests shorten them). */
  storageTimeouts?: RemoteStorageTimeouts;
}

export function createContainer({
  db,
  clock,
  storageName,
  dataDir,
  secretBox,
  mountIndex: crawlOptions,
  invalidations = new LocalInvalidationBus(),
  storageTimeouts,
}: ContainerInput): AppContainer {
  const repositories = {
    admins: new AdminRepository(db),
    adminTokens: new AdminTokenRepository(db),
    apiKeys: new ApiKeyRepository(db),
    systemSettings: new SystemSettingRepository(db),
    pastes: new PasteRepository(db, storageName),
    dashboard: new DashboardRepository(db),
    mounts: new MountRepository(db),
    storageConfigs: new StorageConfigRepository(db),
    files: new FileRepository(db),
    search: new SearchRepository(db),
    mountIndex: new MountIndexRepository(db, storageName),
    davLocks: new DavLockRepository(db),
  };
  const caches = new CacheRegistry(clock);
  const storage = new StorageRegistry({
    dataDir,
    secretBox,
    clock,
    ...(storageTimeouts === undefined ? {} : { timeouts: storageTimeouts }),
  });
  caches.announceTo((invalidation) => invalidations.publish(invalidation));
  invalidations.subscribe((invalidation) => {
    caches.apply(invalidation);
    // A storage config changed or was deleted on another replica: its driver here goes too.
    if (invalidation.scope === 'storageConfig' && invalidation.cache === undefined) storage.evict(invalidation.storageConfigId);
  });
  const storageConfigs = new StorageConfigService(repositories.storageConfigs, storage, secretBox, clock, (configId) => {
    caches.clearByStorageConfig(configId);
  });
  const adminAccounts = new AdminAccountService(repositories.admins, repositories.adminTokens, clock);
  const mounts = new MountService(repositories.mounts, repositories.storageConfigs, caches, clock);
  const davLocks = new DavLockService(db, clock);
  const davProperties = new DavPropertyStore(db, clock);
  const crawler = new MountIndexCrawler({
    index: repositories.mountIndex,
    mounts: repositories.mounts,
    configs: repositories.storageConfigs,
    storage,
    clock,
    ...crawlOptions,
  });
  const mountIndex = new MountIndexService(repositories.mountIndex, repositories.mounts, crawler, clock);
  const fsAccess = new FsAccess({
    mounts,
    configs: repositories.storageConfigs,
    storage,
    caches,
    files: repositories.files,
    clock,
    dataDir,
    pathMetadata: combinePathMetadata(davPathMetadata(davProperties, davLocks), mountIndex.pathHooks()),
  });
  const system = new SystemService(repositories.systemSettings, clock, storageName);
  const uploadReservations = new UploadReservations(db, clock);
  const fileShares = createFileShareServices({
    files: repositories.files,
    configs: repositories.storageConfigs,
    storageConfigs,
    mounts: repositories.mounts,
    mountViews: new FileShareMounts({ mounts: repositories.mounts, caches, index: mountIndex.pathHooks(), drivers: storageConfigs }),
    limits: new UploadLimits(uploadReservations, system),
    secretBox,
    clock,
  });
  return {
    db,
    clock,
    dataDir,
    secretBox,
    caches,
    invalidations,
    storage,
    repositories,
    services: {
      adminAccounts,
      auth: new AuthService(repositories.adminTokens, repositories.apiKeys, adminAccounts, clock, {
        cache: new VerifiedBasicCache(),
        admins: repositories.admins,
      }),
      system,
      apiKeys: new ApiKeyService(repositories.apiKeys, clock),
      pastes: new PasteService(repositories.pastes, repositories.apiKeys, repositories.systemSettings, secretBox, clock),
      dashboard: new DashboardService(repositories.dashboard, clock),
      cache: new CacheService(caches, repositories.mounts, clock),
      storageConfigs,
      storageTests: new StorageTestService(storageConfigs, storage.signer),
      fileShares,
      urlImport: new UrlImportService({
        shares: fileShares.store,
        commits: fileShares.uploads,
        limits: fileShares.limits,
        system,
        http: new SafeHttpClient(),
        clock,
      }),
      uploadReservations,
      mounts,
      fs: new FsService(fsAccess),
      fsUploads: new FsUploadService(fsAccess),
      fsCopies: new FsCopyService(fsAccess),
      fsAccess,
      search: new SearchService(repositories.search),
      mountIndex,
      fsSearch: new FsSearchService(fsAccess, repositories.mountIndex, mountIndex),
      davLocks,
      davProperties,
      davLockAdmin: new DavLockAdminService(repositories.davLocks, repositories.mounts, repositories.apiKeys, repositories.admins, clock),
    },
  };
}

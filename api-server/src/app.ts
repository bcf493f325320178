import { mkdirSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { installAuth } from './auth/auth-hook';
import { CredentialGuard } from './auth/credential-guard';
import { databaseRateLimitStore } from './auth/login-rate-limit-store';
import { installSlugProbeLimit } from './auth/slug-probe-limit';
import { CredentialFailureRepository } from './repositories/credential-failure-repository';
import { createContainer, type AppContainer, type ContainerInput } from './container';
import { LocalInvalidationBus, PostgresInvalidationBus, type InvalidationBus } from './cache/invalidation-bus';
import { removeStaleTempFiles } from './storage/stale-temp-files';
import { IN_MEMORY, openDatabase } from './db/database';
import { isConnectionFailure, type DatabaseAvailability } from './db/database-availability';
import { migrateToLatest } from './db/migrate';
import { CLIENT_TIMEOUTS, clientTimeoutServerOptions, installClientTimeouts, type ClientTimeouts } from './http/client-timeouts';
import { installCors } from './http/cors';
import { handleFrameworkError, installErrorHandling, MAX_PARAM_LENGTH } from './http/error-handling';
import { redactingLoggerOptions } from './http/log-redaction';
import { installRequestI18n } from './i18n/request-i18n';
import { defaultDataDir, packageVersion } from './lib/paths';
import { SecretBox, loadOrCreateServerSecret } from './lib/secret-box';
import { systemClock, type Clock } from './lib/time';
import { adminAuthRoutes } from './routes/admin-auth';
import { apiKeyRoutes } from './routes/api-keys';
import { PASTE_WRITE_LIMITS, pasteRoutes, type PasteWriteLimits } from './routes/pastes';
import { sessionCheckRoutes } from './routes/session-checks';
import { systemRoutes } from './routes/system';
import { searchRoutes } from './routes/search';
import { adminSystemRoutes } from './routes/admin-system';
import { cacheRoutes } from './routes/cache';
import { localStorageRoutes } from './routes/local-storage';
import { storageConfigRoutes } from './routes/storage-configs';
import { fileRoutes } from './routes/files';
import { urlImportRoutes } from './routes/url-import';
import { mountRoutes } from './routes/mounts';
import { davLockRoutes } from './routes/dav-locks';
import { fsRoutes } from './routes/fs';
import { addWebdavMethods, webdavRoutes } from './webdav/webdav-routes';
import { AdminBackupService } from './backup/admin-backup-service';
import { currentAppVersion } from './backup/create-backup';
import { adminBackupRoutes } from './routes/admin-backup';
import { BackupRunsRepository } from './backup/schedule/backup-runs-repository';
import { BackupScheduler } from './backup/schedule/backup-scheduler';
import { adminBackupScheduleRoutes } from './routes/admin-backup-schedule';

export const DEFAULT_ADMIN_USERNAME = 'admin';
export const DEFAULT_LOGIN_RATE_LIMIT_MAX = 10;
export const DATABASE_FILE_NAME = 'cloudclip.db';
/**
 * The requests that may read the in-process caches (cache/cache-registry.ts): the fs API (directory
 * listings, presigned URLs: services/fs), WebDAV (the same listings) and the cache endpoints.
 */
export const READS_CACHES = /^\/(?:api\/(?:admin|user)\/(?:fs|cache)|dav)(?:[/?]|$)/;
/** Longest a request waits for the cache barrier of a replica whose bus is reconnecting. */
export const READ_AFTER_WRITE_WAIT_MS = 2000;

/**
 * Waits for the bus's barrier, or READ_AFTER_WRITE_WAIT_MS, whichever comes first; never throws.
 * While the database is unreachable there is no barrier to wait for: the request goes on at once
 * and fails on the database (503), instead of waiting READ_AFTER_WRITE_WAIT_MS first. Whether it is
 * still unreachable is asked first (`confirm`): once it answers again, the bus is woken by it and
 * the barrier waits for the listen connection, which clears everything it may have missed.
 */
export async function readAfterWrite(
  bus: InvalidationBus,
  onError: (error: unknown) => void,
  availability?: DatabaseAvailability,
): Promise<void> {
  if (availability !== undefined && !availability.isAvailable && !(await availability.confirm())) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, READ_AFTER_WRITE_WAIT_MS);
    timer.unref();
  });
  try {
    await Promise.race([bus.sync().catch(onError), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface BuildAppOptions {
  /** Root of server-side data (default: `.data` at the repository root). */
  dataDir?: string;
  /** SQLite file, or `':memory:'` (default: `<dataDir>/cloudclip.db`). Ignored when `databaseUrl` is set. */
  databaseFile?: string;
  /** `postgres://…` (DATABASE_URL): use PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /**
   * API_REPLICAS: how many api-server processes share this PostgreSQL database (default 1). Above
   * 1, a start-up removes only the expired uploads left behind, not the open ones (another replica
   * may be receiving them); see UploadReservations.cleanupAtStart.
   */
  replicas?: number;
  /** PostgreSQL only: schema for every table, created when missing (default: the connection's, normally `public`). */
  databaseSchema?: string;
  /** Username of the admin account created when none exists (default `admin`). */
  adminUsername?: string;
  /** Its password; when absent a random one is generated and announced once. Never overwrites an existing admin. */
  adminPassword?: string;
  /** Login attempts per client address per minute (default 10). */
  loginRateLimitMax?: number;
  /**
   * Failed credential attempts (login, Basic, API key, share passwords) per client address per
   * minute; three times as many per account (CredentialGuard). Default: `loginRateLimitMax`.
   */
  failedCredentialLimit?: number;
  /** Lookups of share slugs that do not exist per client address per minute (slug-probe-limit.ts). Default: 3 × the failed-credential budget. */
  unknownSlugLimit?: number;
  /** Paste writes read at a time, waiting ones and their body deadline (routes/pastes.ts PASTE_WRITE_LIMITS). */
  pasteWriteLimits?: Partial<PasteWriteLimits>;
  /** How long a client that went silent in the middle of a request keeps its connection (http/client-timeouts.ts CLIENT_TIMEOUTS). */
  clientTimeouts?: Partial<ClientTimeouts>;
  /** Fastify logger: false (off), true, or options such as `{ level: 'info' }`; secrets are always redacted (http/log-redaction.ts). */
  logger?: FastifyServerOptions['logger'];
  /** Fastify `trustProxy` (client address from X-Forwarded-For when behind the gateway). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Time source (tests move it). */
  clock?: Clock;
  /** Where one-time start-up notices (the generated admin password) go; default stdout. */
  announce?: (text: string) => void;
  /** Server secret sealing share passwords and storage secrets (default: APP_SECRET, else generated into dataDir). */
  appSecret?: string;
  /**
   * The mount index crawl: page size, a hook after each stored page (tests pause a crawl there) and
   * the crawl lease's length (`leaseMs`); an idle crawler watches for crawls of replicas gone when `replicas` > 1.
   */
  mountIndex?: ContainerInput['mountIndex'];
  /** BACKUP_UPLOAD_MAX_BYTES: largest archive the admin panel's restore accepts (default 20 GiB; 413 beyond). */
  backupUploadMaxBytes?: number;
  /** STORAGE_CONNECT_TIMEOUT_MS / STORAGE_RESPONSE_TIMEOUT_MS: when a WebDAV or SFTP storage counts as unavailable (default: the drivers'). */
  storageTimeouts?: ContainerInput['storageTimeouts'];
}

const containers = new WeakMap<FastifyInstance, AppContainer>();

/** The repositories and services behind an app built by `buildApp` (tests and seed scripts). */
export function getAppContainer(app: FastifyInstance): AppContainer {
  const container = containers.get(app);
  if (!container) throw new Error('This Fastify instance was not built by buildApp()');
  return container;
}

function defaultAnnounce(text: string): void {
  process.stdout.write(`${text}\n`);
}

function adminCreatedNotice(username: string, generatedPassword: string | undefined): string {
  if (generatedPassword === undefined) {
    return `Cloudclip admin account created: username=${username} (password from ADMIN_PASSWORD)`;
  }
  const line = `Cloudclip admin account created: username=${username} password=${generatedPassword}`;
  const rule = '='.repeat(line.length);
  return [rule, line, 'This password is shown only once: store it now and change it after logging in.', rule].join('\n');
}

/**
 * Builds the API server: opens the database and applies migrations, makes sure the admin account
 * exists, and registers hooks and routes. The instance is not listening; call `listen()` or
 * `inject()`. Closing it closes the database.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  const databaseFile = options.databaseFile === IN_MEMORY ? IN_MEMORY : path.resolve(dataDir, options.databaseFile ?? DATABASE_FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  const clock = options.clock ?? systemClock;
  const announce = options.announce ?? defaultAnnounce;

  const { db, engine, schema, availability } = await openDatabase({
    url: options.databaseUrl,
    file: databaseFile,
    schema: options.databaseSchema,
  });
  // Cache clears reach the other replicas on PostgreSQL (cache/invalidation-bus.ts); problems go to the app's log once it exists.
  let reportBusError = (error: unknown): void => {
    process.stderr.write(`cache invalidation bus: ${error instanceof Error ? error.message : String(error)}\n`);
  };
  // The bus's connection failures are the database's: its log line says so once per outage
  // (below), not once per NOTIFY or reconnect attempt.
  const busError = (error: unknown): void => {
    if (isConnectionFailure(error)) availability.unavailable(error);
    else reportBusError(error);
  };
  const invalidations: InvalidationBus =
    engine === 'PostgreSQL' && options.databaseUrl !== undefined && schema !== undefined
      ? new PostgresInvalidationBus({ url: options.databaseUrl.trim(), schema, db, onError: busError })
      : new LocalInvalidationBus();
  let container: AppContainer;
  try {
    await migrateToLatest(db, undefined, { migrationTableSchema: schema });
    const secretBox = new SecretBox(loadOrCreateServerSecret(dataDir, options.appSecret));
    container = createContainer({
      db,
      clock,
      storageName: engine,
      dataDir,
      secretBox,
      mountIndex: { watchPeers: (options.replicas ?? 1) > 1, ...options.mountIndex },
      invalidations,
      ...(options.storageTimeouts === undefined ? {} : { storageTimeouts: options.storageTimeouts }),
    });
    await invalidations.start();
    const username = options.adminUsername ?? DEFAULT_ADMIN_USERNAME;
    const ensured = await container.services.adminAccounts.ensureAdminAccount(username, options.adminPassword);
    if (ensured.created) announce(adminCreatedNotice(ensured.username, ensured.generatedPassword));
    await container.services.storageConfigs.ensureDefaultLocalStorage();
    // Uploads cut off by a crash or a restart: their pending rows, objects and reserved space go.
    await container.services.uploadReservations.cleanupAtStart(
      {
        config: (id) => container.repositories.storageConfigs.findById(id),
        driver: (config) => container.services.storageConfigs.driverFor(config),
        objectRemoved: (config, key) => container.services.fileShares.store.mountViews.objectRemoved(config, key),
      },
      options.replicas,
    );
    // Left behind by writes a crash cut off (storage/stale-temp-files.ts).
    await removeStaleTempFiles(dataDir);
  } catch (error) {
    await invalidations.close();
    await db.destroy();
    throw error;
  }

  const clientTimeouts = { ...CLIENT_TIMEOUTS, ...options.clientTimeouts };
  const app = Fastify({
    // Share passwords, keys and signatures in query strings, and credential headers, never reach the log.
    logger: redactingLoggerOptions(options.logger),
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: handleFrameworkError,
    http: clientTimeoutServerOptions(clientTimeouts),
  });
  containers.set(app, container);
  // Scheduled backups (issue 37, backup/schedule/): a wake-up a minute, one replica per run (the backup lease).
  const backupScheduler = new BackupScheduler({
    runs: new BackupRunsRepository(db),
    settings: container.repositories.systemSettings,
    storageConfigs: container.repositories.storageConfigs,
    driverFor: (config) => container.services.storageConfigs.driverFor(config),
    source: {
      dataDir,
      appSecret: loadOrCreateServerSecret(dataDir, options.appSecret),
      ...(options.databaseUrl !== undefined
        ? { databaseUrl: options.databaseUrl.trim(), databaseSchema: schema }
        : { sqliteFile: databaseFile }),
    },
    dataDir,
    clock,
    appVersion: packageVersion(),
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  reportBusError = (error) => app.log.warn({ err: error }, 'cache invalidation bus');
  // PostgreSQL went away or came back (db/database-availability.ts): logged once each way. Back,
  // the listen connection is opened at once rather than at the end of its backoff.
  availability.onChange((available, error) => {
    if (!available) {
      app.log.warn({ err: error }, 'database unreachable: requests are answered 503 until it is back');
      return;
    }
    app.log.info('database reachable again');
    if (invalidations instanceof PostgresInvalidationBus) invalidations.wake();
  });
  // A response leaves once the cache clears of its write have been sent to the other replicas.
  app.addHook('onSend', async (_request, _reply, payload) => {
    await invalidations.settled();
    return payload;
  });
  // With other replicas, a request that may read a cache (READS_CACHES) is handled once this
  // replica has received every cache clear committed before it arrived (a barrier through the bus;
  // see cache/invalidation-bus.ts): a folder created through one replica is listed at once through
  // the other. Other requests read only the database and wait for nothing. A bus that is not
  // listening (reconnecting; it clears everything when it is back) holds a request at most
  // READ_AFTER_WRITE_WAIT_MS.
  if ((options.replicas ?? 1) > 1 && invalidations instanceof PostgresInvalidationBus) {
    app.addHook('onRequest', async (request) => {
      if (READS_CACHES.test(request.url)) await readAfterWrite(invalidations, busError, availability);
    });
  }
  // The mount index crawls in the background once the server is ready, and stops before the database closes.
  app.addHook('onReady', async () => {
    container.services.mountIndex.start();
    backupScheduler.start();
  });
  app.addHook('onClose', async () => {
    await container.services.mountIndex.stop();
    await backupScheduler.stop();
    await invalidations.close();
    await db.destroy();
  });

  installClientTimeouts(app, clientTimeouts);
  installRequestI18n(app);
  installCors(app);
  const loginRateLimitMax = options.loginRateLimitMax ?? DEFAULT_LOGIN_RATE_LIMIT_MAX;
  const failedCredentialLimit = options.failedCredentialLimit ?? loginRateLimitMax;
  // Failed credentials and login attempts are counted in the database: one budget for every replica.
  const credentialFailures = new CredentialFailureRepository(db);
  const credentialGuard = new CredentialGuard({
    maxFailuresPerClient: failedCredentialLimit,
    maxFailuresPerAccount: failedCredentialLimit * 3,
    maxUnknownSlugsPerClient: options.unknownSlugLimit ?? failedCredentialLimit * 3,
    windowMs: 60_000,
    failures: credentialFailures,
    clock,
  });
  installAuth(app, container.services.auth, credentialGuard);
  installSlugProbeLimit(app, credentialGuard);
  installErrorHandling(app);
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(credentialFailures, clock) });

  const { services } = container;
  await app.register(adminAuthRoutes, {
    adminAccounts: services.adminAccounts,
    loginRateLimitMax,
    credentialGuard,
  });
  await app.register(sessionCheckRoutes);
  await app.register(systemRoutes, { system: services.system, database: availability });
  await app.register(adminSystemRoutes, { system: services.system, dashboard: services.dashboard });
  await app.register(cacheRoutes, { cache: services.cache });
  await app.register(apiKeyRoutes, { apiKeys: services.apiKeys });
  await app.register(pasteRoutes, {
    pastes: services.pastes,
    credentialGuard,
    writeLimits: { ...PASTE_WRITE_LIMITS, ...options.pasteWriteLimits },
  });
  await app.register(storageConfigRoutes, { storageConfigs: services.storageConfigs, storageTests: services.storageTests });
  await app.register(localStorageRoutes, {
    storageConfigs: services.storageConfigs,
    signer: container.storage.signer,
    uploads: services.uploadReservations,
  });
  await app.register(fileRoutes, {
    files: services.fileShares,
    auth: services.auth,
    credentialGuard,
    tempDir: path.join(dataDir, 'tmp', 'form-uploads'),
  });
  await app.register(urlImportRoutes, { urlImport: services.urlImport });
  await app.register(searchRoutes, { search: services.search });
  await app.register(mountRoutes, { mounts: services.mounts, mountIndex: services.mountIndex });
  await app.register(davLockRoutes, { davLocks: services.davLockAdmin });
  await app.register(adminBackupScheduleRoutes, {
    scheduler: backupScheduler,
    database: engine === 'PostgreSQL' ? 'postgresql' : 'sqlite',
  });
  await app.register(fsRoutes, { fs: services.fs, uploads: services.fsUploads, copies: services.fsCopies, search: services.fsSearch });
  addWebdavMethods(app);
  await app.register(webdavRoutes, {
    locks: services.davLocks,
    properties: services.davProperties,
    access: services.fsAccess,
    reservations: services.uploadReservations,
    system: services.system,
    files: container.repositories.files,
    clock,
    dataDir,
  });
  // Backup download and restore in the admin panel (issue 37).
  await app.register(adminBackupRoutes, {
    clock,
    backups: new AdminBackupService({
      dataDir,
      appSecret: loadOrCreateServerSecret(dataDir, options.appSecret),
      db,
      engine,
      ...(engine === 'PostgreSQL' ? { databaseUrl: options.databaseUrl?.trim(), schema } : { sqliteFile: databaseFile }),
      clock,
      appVersion: currentAppVersion(),
      counters: credentialFailures,
      adminExists: async (adminId) => (await container.repositories.admins.findById(adminId)) !== undefined,
      afterRestore: async () => {
        // Restored rows replace what every replica may hold in memory: the caches go everywhere,
        // and the mount index looks at the restored mounts.
        await services.cache.clearAsAdmin({});
        for (const mount of await container.repositories.mounts.listActive()) await services.mountIndex.mountCreated(mount.id);
      },
      ...(options.backupUploadMaxBytes === undefined ? {} : { uploadMaxBytes: options.backupUploadMaxBytes }),
    }),
  });
  app.addHook('onClose', async () => {
    container.storage.destroyAll();
  });

  return app;
}

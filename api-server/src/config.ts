import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ADMIN_USERNAME, DEFAULT_LOGIN_RATE_LIMIT_MAX, type BuildAppOptions } from './app';
import { defaultDataDir } from './lib/paths';
import { DEFAULT_BACKUP_UPLOAD_MAX_BYTES } from './backup/admin-backup-service';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
/** A WebDAV or SFTP storage that does not connect, or answer, within these is reported unavailable (503). */
export const DEFAULT_STORAGE_CONNECT_TIMEOUT_MS = 15_000;
export const DEFAULT_STORAGE_RESPONSE_TIMEOUT_MS = 30_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Unset and blank variables are the same thing. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

function integer(fallback: number, min: number, max: number) {
  return optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value.trim());
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `expected an integer from ${min} to ${max}, got "${value}"` });
      return z.NEVER;
    }
    return parsed;
  });
}

const envSchema = z.object({
  API_PORT: integer(DEFAULT_PORT, 0, 65535),
  API_HOST: optionalText.transform((value) => value?.trim() ?? DEFAULT_HOST),
  DATA_DIR: optionalText,
  ADMIN_USERNAME: optionalText.transform((value) => value?.trim() ?? DEFAULT_ADMIN_USERNAME),
  ADMIN_PASSWORD: optionalText,
  LOGIN_RATE_LIMIT_MAX: integer(DEFAULT_LOGIN_RATE_LIMIT_MAX, 1, 1_000_000),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).default('info')),
  /** `true`, or a comma-separated list of proxy addresses/CIDRs (Fastify trustProxy). Default off. */
  TRUST_PROXY: optionalText,
  /** Server secret sealing share passwords and storage secrets; generated into DATA_DIR when unset. */
  APP_SECRET: optionalText,
  /** `postgres://user:pass@host:5432/db`: use PostgreSQL instead of the SQLite file in DATA_DIR. */
  DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(?:ql)?:\/\//i.test(value.trim()), {
    message: 'expected a postgres:// or postgresql:// URL',
  }),
  /**
   * How many api-server processes run on this one PostgreSQL database (behind a load balancer);
   * default 1. Above 1, DATABASE_URL and APP_SECRET are required (see `assertReplicaSettings`),
   * and a start-up leaves the open uploads of the other replicas alone.
   */
  API_REPLICAS: integer(1, 1, 1000),
  /** Largest backup archive the admin panel's restore accepts, in bytes (default 20 GiB). */
  BACKUP_UPLOAD_MAX_BYTES: integer(DEFAULT_BACKUP_UPLOAD_MAX_BYTES, 1, Number.MAX_SAFE_INTEGER),
  /** WebDAV/SFTP storage: milliseconds to connect (SFTP: with handshake and login) before it counts as unavailable (default 15 s). */
  STORAGE_CONNECT_TIMEOUT_MS: integer(DEFAULT_STORAGE_CONNECT_TIMEOUT_MS, 100, 600_000),
  /** WebDAV/SFTP storage: milliseconds a request may wait for an answer, or a transfer stall, before it fails (default 30 s). */
  STORAGE_RESPONSE_TIMEOUT_MS: integer(DEFAULT_STORAGE_RESPONSE_TIMEOUT_MS, 100, 3_600_000),
});

export interface ServerConfig {
  port: number;
  host: string;
  app: BuildAppOptions;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): BuildAppOptions['trustProxy'] {
  if (value === undefined) return false;
  const text = value.trim();
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

/**
 * Several replicas behave as one server only on one PostgreSQL database (SQLite is one process's
 * file) and with one server secret: a secret generated into each replica's DATA_DIR would differ,
 * so a session token, a signed local-storage URL or a sealed share password made by one replica
 * would not verify or open on another.
 */
function assertReplicaSettings(e: { API_REPLICAS: number; DATABASE_URL: string | undefined; APP_SECRET: string | undefined }): void {
  if (e.API_REPLICAS <= 1) return;
  if (e.DATABASE_URL === undefined) {
    throw new ConfigError(
      `Invalid environment: API_REPLICAS=${e.API_REPLICAS} needs DATABASE_URL (PostgreSQL): replicas share their state through one PostgreSQL database, not a SQLite file.`,
    );
  }
  if (e.APP_SECRET === undefined) {
    throw new ConfigError(
      `Invalid environment: APP_SECRET is required when API_REPLICAS=${e.API_REPLICAS} replicas run on DATABASE_URL: every replica must sign and verify the same tokens and URLs and open the same sealed passwords, so set one APP_SECRET, the same on every replica.`,
    );
  }
}

/** Reads the server settings from environment variables; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${details}`);
  }
  const e = parsed.data;
  assertReplicaSettings(e);
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    app: {
      dataDir: e.DATA_DIR === undefined ? defaultDataDir() : path.resolve(e.DATA_DIR),
      adminUsername: e.ADMIN_USERNAME,
      adminPassword: e.ADMIN_PASSWORD,
      loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
      logger: { level: e.LOG_LEVEL },
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
      appSecret: e.APP_SECRET,
      databaseUrl: e.DATABASE_URL?.trim(),
      replicas: e.API_REPLICAS,
      backupUploadMaxBytes: e.BACKUP_UPLOAD_MAX_BYTES,
      storageTimeouts: { connectMs: e.STORAGE_CONNECT_TIMEOUT_MS, responseMs: e.STORAGE_RESPONSE_TIMEOUT_MS },
    },
  };
}

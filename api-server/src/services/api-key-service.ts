import { API_KEY_CUSTOM_KEY_PATTERN, API_KEY_LENGTH, NEVER_EXPIRES_AT, type ApiKey, type ApiKeyCreateResponse } from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { ApiKeyRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import { randomString } from '../lib/random';
import { addDays, parseTimestamp, toIso, type Clock } from '../lib/time';
import type { ApiKeyChanges, ApiKeyRepository, KeyLockChange } from '../repositories/api-key-repository';
import { isWithinBasicPath } from '../auth/basic-path';

/** Contract §2.4. */
const KEY_MASK_VISIBLE = 6;
const RANDOM_KEY_ATTEMPTS = 5;

export interface CreateApiKeyInput {
  name: string;
  /** omitted/"" → now + 1 day; null/"never" → never; otherwise a readable time. */
  expires_at?: string | null | undefined;
  /** Only the literal `true` grants a permission. */
  text_permission?: unknown;
  file_permission?: unknown;
  mount_permission?: unknown;
  custom_key?: string | null | undefined;
  basic_path?: string | null | undefined;
}

/** PUT: every field optional; omitted = unchanged. Permissions: truthy → 1. */
export interface UpdateApiKeyInput {
  name?: string | null | undefined;
  expires_at?: string | null | undefined;
  text_permission?: unknown;
  file_permission?: unknown;
  mount_permission?: unknown;
  basic_path?: string | null | undefined;
}

export function maskKey(key: string): string {
  return `${key.slice(0, KEY_MASK_VISIBLE)}...`;
}

/**
 * `basic_path` as stored: leading `/`, no trailing `/`, no empty segments; blank → `/`.
 * (`docs/` → `/docs`, `//a//b/` → `/a/b`.)
 */
export function normaliseBasicPath(value: string | null | undefined): string {
  const segments = (value ?? '')
    .trim()
    .split('/')
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/**
 * API key management (contract §5.2). Keys stay recoverable (the admin UI shows them, §9.5);
 * expired keys are purged when listed and deleted by the auth hook when presented.
 */
export class ApiKeyService {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  /** Purges expired keys, then returns the rest, newest first. */
  async list(): Promise<ApiKey[]> {
    const now = this.clock().getTime();
    const rows = await this.apiKeys.listAll();
    const expired = new Set(
      rows
        .filter((row) => {
          // Unreadable expiry: kept (the auth hook refuses such keys without destroying them).
          const expiresAt = parseTimestamp(row.expires_at);
          return expiresAt !== null && expiresAt.getTime() <= now;
        })
        .map((row) => row.id),
    );
    await this.apiKeys.deleteByIds([...expired]);
    return rows
      .filter((row) => !expired.has(row.id))
      .map((row) => ({
        id: row.id,
        name: row.name,
        key: row.key,
        key_masked: maskKey(row.key),
        text_permission: row.text_permission ? 1 : 0,
        file_permission: row.file_permission ? 1 : 0,
        mount_permission: row.mount_permission ? 1 : 0,
        basic_path: row.basic_path,
        created_at: row.created_at,
        expires_at: row.expires_at,
        last_used: row.last_used,
      }));
  }

  async create(input: CreateApiKeyInput): Promise<ApiKeyCreateResponse> {
    const name = input.name.trim();
    if (name === '') throw new HttpError(400, 'apiKey.nameRequired');
    const customKey = input.custom_key === undefined || input.custom_key === null || input.custom_key === '' ? undefined : input.custom_key;
    if (customKey !== undefined && !API_KEY_CUSTOM_KEY_PATTERN.test(customKey)) throw new HttpError(400, 'apiKey.customKeyInvalid');
    const now = this.clock();
    const expiresAt =
      input.expires_at === undefined || input.expires_at === '' ? toIso(addDays(now, 1)) : this.parseExpiry(input.expires_at);
    const text = input.text_permission === true;
    const file = input.file_permission === true;
    const mount = input.mount_permission === true;
    if (mount && !file) throw new HttpError(400, 'apiKey.mountRequiresFile');

    if (await this.apiKeys.findByName(name)) throw new HttpError(409, 'apiKey.nameTaken');
    let key = customKey;
    if (key === undefined) key = await this.unusedRandomKey();
    else if (await this.apiKeys.findByKey(key)) throw new HttpError(409, 'apiKey.keyTaken');

    let row: ApiKeyRow;
    try {
      row = await this.apiKeys.create({
        id: randomUUID(),
        name,
        key,
        text_permission: text ? 1 : 0,
        file_permission: file ? 1 : 0,
        mount_permission: mount ? 1 : 0,
        basic_path: normaliseBasicPath(input.basic_path),
        last_used: null,
        expires_at: expiresAt,
        created_at: toIso(now),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const nameTaken = (await this.apiKeys.findByName(name)) !== undefined;
      throw new HttpError(409, nameTaken ? 'apiKey.nameTaken' : 'apiKey.keyTaken', { cause: error });
    }
    return {
      id: row.id,
      name: row.name,
      key: row.key,
      key_masked: maskKey(row.key),
      text_permission: text,
      file_permission: file,
      mount_permission: mount,
      basic_path: row.basic_path,
      created_at: row.created_at,
      expires_at: row.expires_at,
    };
  }

  async update(id: string, input: UpdateApiKeyInput): Promise<void> {
    const changes: ApiKeyChanges = {};
    if (input.name !== undefined) {
      const name = (input.name ?? '').trim();
      if (name === '') throw new HttpError(400, 'apiKey.nameRequired');
      changes.name = name;
    }
    if (input.text_permission !== undefined) changes.text_permission = input.text_permission ? 1 : 0;
    if (input.file_permission !== undefined) changes.file_permission = input.file_permission ? 1 : 0;
    if (input.mount_permission !== undefined) changes.mount_permission = input.mount_permission ? 1 : 0;
    if (input.basic_path !== undefined) changes.basic_path = normaliseBasicPath(input.basic_path);
    if (input.expires_at !== undefined) changes.expires_at = this.parseExpiry(input.expires_at);
    if (Object.keys(changes).length === 0) throw new HttpError(400, 'apiKey.nothingToUpdate');

    const current = await this.apiKeys.findById(id);
    if (!current) throw new HttpError(404, 'apiKey.notFound');
    if (changes.file_permission !== undefined || changes.mount_permission !== undefined) {
      const file = changes.file_permission ?? current.file_permission;
      const mount = changes.mount_permission ?? current.mount_permission;
      if (mount && !file) throw new HttpError(400, 'apiKey.mountRequiresFile');
    }
    if (changes.name !== undefined && changes.name !== current.name) {
      const other = await this.apiKeys.findByName(changes.name);
      if (other && other.id !== id) throw new HttpError(409, 'apiKey.nameTaken');
    }
    try {
      if (!(await this.apiKeys.update(id, changes, this.lockChangeOf(current, changes)))) throw new HttpError(404, 'apiKey.notFound');
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'apiKey.nameTaken', { cause: error });
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    if (!(await this.apiKeys.deleteById(id))) throw new HttpError(404, 'apiKey.notFound');
  }

  /**
   * What an update does to the key's WebDAV locks: a key that loses its mount permission or is made
   * to expire can no longer refresh or remove them, so they go with the change; a key whose basic
   * path moves keeps only the locks it can still reach. (A deleted key's go in its delete.)
   */
  private lockChangeOf(current: ApiKeyRow, changes: ApiKeyChanges): KeyLockChange {
    if (!(changes.mount_permission ?? current.mount_permission)) return 'drop';
    if (changes.expires_at !== undefined) {
      const expiresAt = parseTimestamp(changes.expires_at);
      if (expiresAt !== null && expiresAt.getTime() <= this.clock().getTime()) return 'drop';
    }
    if (changes.basic_path !== undefined && changes.basic_path !== current.basic_path) {
      const basicPath = changes.basic_path.normalize('NFC');
      return { keepWhere: (root) => isWithinBasicPath(root, basicPath) };
    }
    return 'keep';
  }

  /** null / "never" → never; otherwise a readable time (stored as ISO); anything else → 400. */
  private parseExpiry(value: string | null): string {
    if (value === null || value.trim().toLowerCase() === 'never') return NEVER_EXPIRES_AT;
    const date = parseTimestamp(value);
    if (date === null) throw new HttpError(400, 'apiKey.expiresAtInvalid');
    return toIso(date);
  }

  private async unusedRandomKey(): Promise<string> {
    for (let attempt = 0; attempt < RANDOM_KEY_ATTEMPTS; attempt += 1) {
      const key = randomString(API_KEY_LENGTH);
      if (!(await this.apiKeys.findByKey(key))) return key;
    }
    throw new HttpError(500, 'apiKey.keyGenerationFailed');
  }
}

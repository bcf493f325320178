import { randomUUID } from 'node:crypto';
import type { ApiKeyRow } from '../db/schema';
import { randomString } from '../lib/random';
import { addDays, toIso } from '../lib/time';
import type { ApiKeyRepository } from '../repositories/api-key-repository';

export interface SeedApiKeyInput {
  name?: string;
  key?: string;
  text?: boolean;
  file?: boolean;
  mount?: boolean;
  basicPath?: string;
  /** ISO time; default now + 1 day. */
  expiresAt?: string;
  createdAt?: string;
}

/**
 * Inserts an API key straight through the repository (the key CRUD endpoints come later).
 * For tests and local seeding only.
 */
export function seedApiKey(apiKeys: ApiKeyRepository, input: SeedApiKeyInput = {}): Promise<ApiKeyRow> {
  const now = new Date();
  return apiKeys.create({
    id: randomUUID(),
    name: input.name ?? `key-${randomString(6)}`,
    key: input.key ?? randomString(12),
    text_permission: input.text ? 1 : 0,
    file_permission: input.file ? 1 : 0,
    mount_permission: input.mount ? 1 : 0,
    basic_path: input.basicPath ?? '/',
    last_used: null,
    expires_at: input.expiresAt ?? toIso(addDays(now, 1)),
    created_at: input.createdAt ?? toIso(now),
  });
}

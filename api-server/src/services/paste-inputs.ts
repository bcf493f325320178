import {
  isShareSlug,
  normalisePasteTags,
  PASTE_TAG_MAX_LENGTH,
  PASTE_TAGS_MAX,
  RANDOM_SLUG_LENGTH,
  type PasteAuthorizedBy,
  type PasteTagsProblem,
} from '@cloudclip/contract';
import type { AuthContext } from '../auth/auth-context';
import { apiKeyCreator } from '../auth/ownership';
import { HttpError } from '../http/http-error';
import { hashPassword } from '../lib/password-hash';
import { randomString } from '../lib/random';
import type { SecretBox } from '../lib/secret-box';
import { parseTimestamp } from '../lib/time';
import type { PasteRepository } from '../repositories/paste-repository';

/** Contract §6.1. */
export const RANDOM_SLUG_ATTEMPTS = 5;

/** The share settings a create and an update both carry. */
export interface PasteSettingsInput {
  remark?: string | null | undefined;
  password?: string | null | undefined;
  expiresAt?: string | null | undefined;
  maxViews?: number | null | undefined;
}

export interface CreatePasteInput extends PasteSettingsInput {
  content: string;
  slug?: string | null | undefined;
  /** `aes-256-gcm/v1`: `content` is an encrypted envelope (checked, then stored byte for byte). */
  encryption?: string | null | undefined;
  /** True: the read that delivers the content deletes the paste. */
  burnAfterReading?: boolean | null | undefined;
  /** The owner's labels, as sent (checked by `pasteTagsOrRefuse`); undefined = none. */
  tags?: unknown;
}

/** Body of `PUT …/pastes/{slug}`: replace semantics (omitted remark/expiresAt/maxViews → NULL). */
export interface UpdatePasteInput extends PasteSettingsInput {
  /** For an encrypted paste exactly the stored envelope (its content cannot change). */
  content: string;
  clearPassword?: boolean | undefined;
  /** undefined → keep the slug; "" or null → a new random slug; otherwise that custom slug. */
  newSlug?: string | null | undefined;
  /** undefined → keep the tags; otherwise the new list, as sent (checked by `pasteTagsOrRefuse`), [] = none. */
  tags?: unknown;
}

/**
 * `created_by` and how the writer was authorised. An admin over HTTP Basic and guests create
 * ownerless pastes (contract §2.7). A key is that key however it signs in: over Basic (user = pass
 * = the key) its pastes are its own too, listed under /api/user and held to its storage limit —
 * ownerless they would fill the server's paste storage past the key's limit, traced to no one.
 */
export function creatorOf(auth: AuthContext): { createdBy: string | null; authorizedBy: PasteAuthorizedBy } {
  switch (auth.kind) {
    case 'admin':
      return auth.viaBasic ? { createdBy: null, authorizedBy: 'basic' } : { createdBy: auth.adminId, authorizedBy: 'admin' };
    case 'apiKey':
      return { createdBy: apiKeyCreator(auth.key.id), authorizedBy: auth.viaBasic ? 'basic' : 'apikey' };
    default:
      return { createdBy: null, authorizedBy: 'guest' };
  }
}

/** A random slug not in use yet (§6.1: up to 5 tries, then 500). */
export async function unusedRandomSlug(pastes: Pick<PasteRepository, 'slugExists'>): Promise<string> {
  for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt += 1) {
    const slug = randomString(RANDOM_SLUG_LENGTH);
    if (!(await pastes.slugExists(slug))) return slug;
  }
  throw new HttpError(500, 'paste.slugGenerationFailed');
}

function tagProblemError(problem: PasteTagsProblem): HttpError {
  switch (problem) {
    case 'notAList':
      return new HttpError(400, 'paste.tagsNotAList');
    case 'notText':
      return new HttpError(400, 'paste.tagNotText');
    case 'empty':
      return new HttpError(400, 'paste.tagEmpty');
    case 'tooLong':
      return new HttpError(400, 'paste.tagTooLong', { params: { max: PASTE_TAG_MAX_LENGTH } });
    case 'badCharacter':
      return new HttpError(400, 'paste.tagBadCharacter');
    case 'tooMany':
      return new HttpError(400, 'paste.tagsTooMany', { params: { max: PASTE_TAGS_MAX } });
  }
}

/**
 * The tags of a create or update body as stored (contract rules/paste-tags.ts `normalisePasteTags`:
 * normalised, duplicates dropped case-insensitively keeping the first spelling, in order), or 400
 * naming the problem (with the limit for too long a tag and too many tags).
 */
export function pasteTagsOrRefuse(input: unknown): string[] {
  const result = normalisePasteTags(input);
  if ('problem' in result) throw tagProblemError(result.problem);
  return result.tags;
}

export function assertSlugFormat(slug: string): void {
  if (!isShareSlug(slug)) throw new HttpError(400, 'paste.slugInvalid');
}

/** `expiresAt` is stored verbatim but must be a readable time; "" and null mean never. */
export function normaliseExpiry(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  if (parseTimestamp(value) === null) throw new HttpError(400, 'paste.expiresAtInvalid');
  return value;
}

/** The hash checks a password, the sealed copy gives it back to the owner (`plain_password`). */
export async function sealPassword(
  secretBox: SecretBox,
  password: string | null | undefined,
): Promise<{ hash: string; sealed: string } | null> {
  if (password === undefined || password === null || password === '') return null;
  return { hash: await hashPassword(password), sealed: secretBox.encrypt(password) };
}

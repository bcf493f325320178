/**
 * The share flags `paste` and `upload` have in common, their checks (clear usage errors, exit 2)
 * and what they mean for the server (`expiresAt` of a paste, `expires_in` hours of a file).
 */
import { PASTE_TAG_MAX_LENGTH, PASTE_TAGS_MAX, isShareSlug, normalisePasteTags } from '@cloudclip/contract';
import { CliError } from './errors';

export type ExpiresChoice = '1h' | '1d' | '7d' | '30d' | 'never';

export interface ShareOptions {
  password?: string;
  expires?: ExpiresChoice;
  maxViews?: number;
  slug?: string;
  remark?: string;
  tags?: string[];
  burn?: boolean;
}

export const EXPIRES_CHOICES: readonly ExpiresChoice[] = ['1h', '1d', '7d', '30d', 'never'];

const HOURS: Record<ExpiresChoice, number> = { '1h': 1, '1d': 24, '7d': 24 * 7, '30d': 24 * 30, never: 0 };

/** `node:util` parseArgs options of the share flags. */
export const SHARE_OPTION_SPECS = {
  password: { type: 'string' },
  expires: { type: 'string' },
  'max-views': { type: 'string' },
  slug: { type: 'string' },
  remark: { type: 'string' },
  tag: { type: 'string', multiple: true },
  burn: { type: 'boolean' },
} as const;

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Hours until a share expires; 0 = never (the `expires_in` a file share is created with). */
export function expiresInHours(expires: ExpiresChoice | undefined): number {
  return expires === undefined ? 0 : HOURS[expires];
}

/** Absolute expiry of a paste created at `now`, or null (never). */
export function expiresAtFrom(expires: ExpiresChoice | undefined, now: Date = new Date()): string | null {
  const hours = expiresInHours(expires);
  return hours === 0 ? null : new Date(now.getTime() + hours * 3_600_000).toISOString();
}

function usage(t: Translate, key: string, vars?: Record<string, string | number>): CliError {
  return new CliError('usage', t(key, vars));
}

/** The ShareOptions of parsed flags (parseArgs `values`), or a usage error naming the bad flag. */
export function parseShareOptions(values: Record<string, unknown>, t: Translate): ShareOptions {
  const options: ShareOptions = {};
  const password = values.password;
  if (typeof password === 'string' && password !== '') options.password = password;

  const expires = values.expires;
  if (typeof expires === 'string') {
    if (!(EXPIRES_CHOICES as readonly string[]).includes(expires)) throw usage(t, 'usage.expires', { value: expires });
    options.expires = expires as ExpiresChoice;
  }

  const maxViews = values['max-views'];
  if (typeof maxViews === 'string') {
    if (!/^[0-9]+$/.test(maxViews.trim()) || Number(maxViews) < 1 || !Number.isSafeInteger(Number(maxViews))) {
      throw usage(t, 'usage.maxViews', { value: maxViews });
    }
    options.maxViews = Number(maxViews);
  }

  const slug = values.slug;
  if (typeof slug === 'string') {
    if (!isShareSlug(slug)) throw usage(t, 'usage.slug', { value: slug });
    options.slug = slug;
  }

  const remark = values.remark;
  if (typeof remark === 'string' && remark.trim() !== '') options.remark = remark;

  const tag = values.tag;
  if (Array.isArray(tag) && tag.length > 0) {
    const result = normalisePasteTags(tag);
    if ('problem' in result) {
      throw usage(t, `usage.tag.${result.problem}`, {
        max: result.problem === 'tooMany' ? PASTE_TAGS_MAX : PASTE_TAG_MAX_LENGTH,
      });
    }
    options.tags = result.tags;
  }

  if (values.burn === true) options.burn = true;
  return options;
}

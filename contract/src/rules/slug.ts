/**
 * Share links and API keys (contract §6.1, §5.2): which custom values are accepted, and how long the
 * random ones are.
 */

/** A custom link suffix of a paste, a file share or a URL import: ASCII letters, digits, `-`, `_`. */
export const SHARE_SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A custom API key follows the same character rule as a link suffix. */
export const API_KEY_CUSTOM_KEY_PATTERN = SHARE_SLUG_PATTERN;

/** Length of a random paste or file-share slug. */
export const RANDOM_SLUG_LENGTH = 6;

/** Length of a generated API key. */
export const API_KEY_LENGTH = 12;

/** `expires_at` meaning "never expires" (API keys, "never" choices; contract §2.4, §5.2). */
export const NEVER_EXPIRES_AT = '9999-12-31T23:59:59.000Z';

/** Whether `value` is a well-formed custom link suffix (no trimming: send what you test). */
export function isShareSlug(value: string): boolean {
  return SHARE_SLUG_PATTERN.test(value);
}

import { isShareSlug } from '@cloudclip/contract';
import { fieldFail, fieldOk, validationError, type FieldResult } from './validation-result';

/**
 * Validates the optional custom link suffix of a share.
 *
 * Surrounding whitespace is trimmed first (pasted values often carry it); the
 * trimmed value is what must be sent. Then, in this order:
 * - `null`, `undefined` or `''` → valid, value `null` (no custom suffix: the
 *   server picks a random one);
 * - not a string at run time, or a non-empty value made only of whitespace
 *   → `customSlugInvalidFormat` ("invalid format");
 * - any character other than ASCII letters, digits, `-` and `_` (inner
 *   spaces, `/`, `.`, non-ASCII letters…) → `customSlugInvalidChars`
 *   ("only letters, digits, - and _ allowed"). This is the message shown
 *   while typing;
 * - otherwise valid, value = the trimmed suffix.
 */
export function validateCustomSlug(input: string | null | undefined): FieldResult<string | null> {
  if (input === null || input === undefined || input === '') {
    return fieldOk(null);
  }
  if (typeof input !== 'string') {
    return fieldFail(validationError('customSlugInvalidFormat'));
  }
  const slug = input.trim();
  if (slug === '') {
    return fieldFail(validationError('customSlugInvalidFormat'));
  }
  if (!isShareSlug(slug)) {
    return fieldFail(validationError('customSlugInvalidChars'));
  }
  return fieldOk(slug);
}

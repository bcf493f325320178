import { fieldFail, fieldOk, validationError, type FieldResult } from './validation-result';

/**
 * True for an absolute `http:` or `https:` URL with a host
 * (surrounding whitespace ignored).
 */
export function isHttpUrl(input: string): boolean {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * Validates the source URL of a URL upload.
 * - empty after trimming → `urlRequired`;
 * - not an absolute http(s) URL with a host (`ftp://…`, `example.com`,
 *   `javascript:…`, `http://`) → `urlInvalid`;
 * - otherwise valid, value = the trimmed URL as typed.
 */
export function validateHttpUrl(input: string | null | undefined): FieldResult<string> {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') {
    return fieldFail(validationError('urlRequired'));
  }
  if (!isHttpUrl(text)) {
    return fieldFail(validationError('urlInvalid'));
  }
  return fieldOk(text);
}

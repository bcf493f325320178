/** Small value checks shared by the storage forms (S3/local and WebDAV/SFTP). */

/** A form value trimmed, or '' when the field is empty or not text. */
export function text(value: string | undefined | null): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

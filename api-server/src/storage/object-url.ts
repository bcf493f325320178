/**
 * Unsigned object URLs (the `s3_url` of file rows, contract §5.4.1 / §5.5):
 * custom host → `custom_host/[bucket/]key` (bucket only with path-style),
 * path-style → `endpoint/bucket/key`, virtual-host → `scheme://bucket.host/key`.
 * Key segments are percent-encoded; `/` separators are kept.
 */

export interface ObjectUrlConfig {
  endpointUrl: string;
  bucket: string;
  pathStyle: boolean;
  customHost: string | null;
}

/** Percent-encodes each key segment (RFC 3986 unreserved characters stay), keeping `/`. */
export function encodeKeyPath(key: string): string {
  return key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** `https://` added when no scheme is given; trailing slashes removed. */
export function normalizeBaseUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function buildS3ObjectUrl(config: ObjectUrlConfig, key: string): string {
  const path = encodeKeyPath(key.replace(/^\/+/, ''));
  const bucket = encodeURIComponent(config.bucket);
  if (config.customHost) {
    const host = normalizeBaseUrl(config.customHost);
    return config.pathStyle ? `${host}/${bucket}/${path}` : `${host}/${path}`;
  }
  const endpoint = normalizeBaseUrl(config.endpointUrl);
  if (config.pathStyle) return `${endpoint}/${bucket}/${path}`;
  let parsed: URL;
  try {
    parsed = new URL(endpoint);
  } catch {
    return `${endpoint}/${bucket}/${path}`;
  }
  return `${parsed.protocol}//${config.bucket}.${parsed.host}/${path}`;
}

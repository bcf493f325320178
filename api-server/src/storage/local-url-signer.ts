import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../lib/time';
import { encodeKeyPath } from './object-url';
import type { ContentDispositionType } from './storage-driver';

/** Where the api-server serves local-driver objects (routes/local-storage.ts). */
export const LOCAL_STORAGE_ROUTE_PREFIX = '/api/storage/local';

/**
 * What a presigned local URL allows. Everything here is covered by the signature, so a client can
 * change none of it: the method, the config, the key, the expiry and
 * - GET: the `Content-Disposition` the download answers with;
 * - PUT (object): the `Content-Type` the upload must send (like a presigned S3 PUT) and, for
 *   uploads that hold a quota reservation, the largest body (`max`) and the reservation (`token`):
 *   the route refuses a larger body and any body once the reservation is closed;
 * - PUT (multipart part): the upload id, the part number and, when given, the largest part (`max`).
 */
export type LocalUrlOperation =
  | { method: 'GET'; disposition: ContentDispositionType; filename: string }
  | { method: 'PUT'; contentType: string; maxBytes?: number; uploadToken?: string }
  | { method: 'PUT-PART'; uploadId: string; partNumber: number; maxBytes?: number };

export type LocalUrlVerification =
  { ok: true; operation: LocalUrlOperation; expires: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' };

/** The request facts a signed-URL check needs (method, path parts, query, Content-Type). */
export interface LocalUrlRequest {
  method: string;
  configId: string;
  key: string;
  query: Record<string, unknown>;
  contentType: string | undefined;
}

/** Content types compare case-insensitively and without blanks around `;` (browsers differ). */
export function normalizeContentType(value: string | undefined): string {
  return (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s*;\s*/g, ';');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * HMAC-SHA256 signatures (key derived from the server secret) for the local driver's presigned
 * URLs, checked in constant time by the local storage route.
 */
export class LocalUrlSigner {
  constructor(
    private readonly signingKey: Buffer,
    private readonly clock: Clock,
  ) {}

  private canonical(configId: string, key: string, expires: number, operation: LocalUrlOperation): string {
    const fields: Array<string | number> = ['cloudclip-local-storage-v1', operation.method, configId, key, expires];
    if (operation.method === 'GET') fields.push('disposition', operation.disposition, 'filename', operation.filename);
    else if (operation.method === 'PUT') {
      fields.push('content-type', normalizeContentType(operation.contentType));
      if (operation.maxBytes !== undefined) fields.push('max-bytes', operation.maxBytes);
      if (operation.uploadToken !== undefined) fields.push('upload-token', operation.uploadToken);
    } else {
      fields.push('upload-id', operation.uploadId, 'part-number', operation.partNumber);
      if (operation.maxBytes !== undefined) fields.push('max-bytes', operation.maxBytes);
    }
    return JSON.stringify(fields);
  }

  signature(configId: string, key: string, expires: number, operation: LocalUrlOperation): string {
    return createHmac('sha256', this.signingKey)
      .update(this.canonical(configId, key, expires, operation))
      .digest('hex');
  }

  /** An absolute URL when `urlBase` is given (else a root-relative path), valid `expiresIn` seconds. */
  buildUrl(input: { urlBase?: string; configId: string; key: string; expiresIn: number; operation: LocalUrlOperation }): string {
    const expires = Math.floor(this.clock().getTime() / 1000) + Math.max(1, Math.floor(input.expiresIn));
    const query = new URLSearchParams({ expires: String(expires) });
    const { operation } = input;
    if (operation.method === 'GET') {
      query.set('disposition', operation.disposition);
      query.set('filename', operation.filename);
    } else if (operation.method === 'PUT') {
      if (operation.maxBytes !== undefined) query.set('max', String(operation.maxBytes));
      if (operation.uploadToken !== undefined) query.set('token', operation.uploadToken);
    } else if (operation.method === 'PUT-PART') {
      query.set('uploadId', operation.uploadId);
      query.set('partNumber', String(operation.partNumber));
      if (operation.maxBytes !== undefined) query.set('max', String(operation.maxBytes));
    }
    query.set('signature', this.signature(input.configId, input.key, expires, operation));
    const base = (input.urlBase ?? '').replace(/\/+$/, '');
    return `${base}${LOCAL_STORAGE_ROUTE_PREFIX}/${encodeURIComponent(input.configId)}/${encodeKeyPath(input.key)}?${query.toString()}`;
  }

  /** Checks a request against its signature; HEAD counts as GET. */
  verify(request: LocalUrlRequest): LocalUrlVerification {
    const expiresText = text(request.query.expires);
    const provided = text(request.query.signature);
    if (!expiresText || !/^\d{1,12}$/.test(expiresText) || !provided || !/^[0-9a-f]{64}$/i.test(provided)) {
      return { ok: false, reason: 'malformed' };
    }
    const expires = Number(expiresText);
    const method = request.method.toUpperCase();
    let operation: LocalUrlOperation;
    if (method === 'GET' || method === 'HEAD') {
      const disposition = text(request.query.disposition) === 'attachment' ? 'attachment' : 'inline';
      operation = { method: 'GET', disposition, filename: text(request.query.filename) ?? '' };
    } else if (method === 'PUT' && request.query.uploadId !== undefined) {
      const uploadId = text(request.query.uploadId) ?? '';
      const partNumber = Number(text(request.query.partNumber));
      const max = request.query.max;
      if (!Number.isInteger(partNumber)) return { ok: false, reason: 'malformed' };
      if (max !== undefined && !/^\d{1,15}$/.test(text(max) ?? '')) return { ok: false, reason: 'malformed' };
      operation = { method: 'PUT-PART', uploadId, partNumber, ...(max === undefined ? {} : { maxBytes: Number(max) }) };
    } else if (method === 'PUT') {
      const max = request.query.max;
      const token = request.query.token;
      if (max !== undefined && !/^\d{1,15}$/.test(text(max) ?? '')) return { ok: false, reason: 'malformed' };
      if (token !== undefined && typeof token !== 'string') return { ok: false, reason: 'malformed' };
      operation = {
        method: 'PUT',
        contentType: request.contentType ?? '',
        ...(max === undefined ? {} : { maxBytes: Number(max) }),
        ...(token === undefined ? {} : { uploadToken: token }),
      };
    } else {
      return { ok: false, reason: 'malformed' };
    }
    const expected = Buffer.from(this.signature(request.configId, request.key, expires, operation), 'hex');
    const given = Buffer.from(provided, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'mismatch' };
    if (Math.floor(this.clock().getTime() / 1000) > expires) return { ok: false, reason: 'expired' };
    return { ok: true, operation, expires };
  }
}

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { orderParts, StorageError, stripEtagQuotes, type MultipartPart, type ObjectBody, type PutObjectOptions } from '../storage-driver';
import { readBody, statusError } from './webdav-http';
import { INTERNAL_FOLDER, sidecarFor, webdavKeySegments, type Sidecar, type WebDavStore } from './webdav-store';

const MAX_PART_NUMBER = 10000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface UploadRecord {
  key: string;
  sidecar: Sidecar;
  initiated: string;
}

/** How the driver writes one streamed body to a server path (returns its MD5 and size). */
export type BodyWriter = (path: string, body: ObjectBody, contentLength?: number) => Promise<{ etag: string; size: number }>;

/**
 * Multipart uploads emulated on the WebDAV server itself, as the local driver does on its disk:
 * each upload is a collection `<base>/.cloudclip-internal/uploads/<id>/` with `upload.json` (key,
 * type, metadata), `part-<n>` and `part-<n>.json` (its MD5 and size). Completing streams the parts,
 * in order, through the api-server into one PUT of the target (chunked), then removes the upload.
 * Staging on the server (not on the api-server's disk) keeps uploads alive across restarts and
 * across api-server instances; the price is that the bytes pass twice on completion.
 */
export class WebDavMultipartUploads {
  constructor(
    private readonly store: WebDavStore,
    private readonly writeBody: BodyWriter,
    private readonly commit: (key: string, body: Readable, sidecar: Sidecar) => Promise<{ etag: string }>,
  ) {}

  private uploadPath(uploadId: string, name?: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageError('NoSuchUpload', 'The upload id is unknown');
    return name === undefined
      ? this.store.pathOf([INTERNAL_FOLDER, 'uploads', uploadId], true)
      : this.store.internalPath('uploads', uploadId, name);
  }

  private async readJson<T>(path: string): Promise<T | null> {
    const response = await this.store.http.request({ method: 'GET', path });
    const status = response.statusCode ?? 0;
    if (status === 404) {
      response.resume();
      return null;
    }
    const body = await readBody(response, 1024 * 1024);
    if (status >= 300) throw statusError(status, `GET ${path}`);
    try {
      return JSON.parse(body.toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  private async record(key: string, uploadId: string): Promise<UploadRecord> {
    const record = await this.readJson<UploadRecord>(this.uploadPath(uploadId, 'upload.json'));
    if (!record || record.key !== key) throw new StorageError('NoSuchUpload', `No such upload for ${key}`);
    return record;
  }

  async create(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    webdavKeySegments(key);
    if (key.endsWith('/')) throw new StorageError('InvalidKey', 'A folder marker cannot be uploaded in parts');
    const uploadId = randomBytes(16).toString('hex');
    await this.store.ensureCollections([INTERNAL_FOLDER, 'uploads', uploadId]);
    const record: UploadRecord = { key, sidecar: sidecarFor(0, '', options), initiated: new Date().toISOString() };
    await this.store.http.send({
      method: 'PUT',
      path: this.uploadPath(uploadId, 'upload.json'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
    });
    return { uploadId };
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }> {
    webdavKeySegments(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new StorageError('InvalidArgument', `Part numbers run from 1 to ${MAX_PART_NUMBER}`);
    }
    await this.record(key, uploadId);
    const { etag, size } = await this.writeBody(this.uploadPath(uploadId, `part-${partNumber}`), body, contentLength);
    await this.store.http.send({
      method: 'PUT',
      path: this.uploadPath(uploadId, `part-${partNumber}.json`),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ etag, size }),
    });
    return { etag };
  }

  async complete(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    webdavKeySegments(key);
    const record = await this.record(key, uploadId);
    const ordered = orderParts(parts);
    for (const part of ordered) {
      const stored = await this.readJson<{ etag: string }>(this.uploadPath(uploadId, `part-${part.partNumber}.json`));
      if (!stored || stored.etag.toLowerCase() !== stripEtagQuotes(part.etag).toLowerCase()) {
        throw new StorageError('InvalidPart', `Part ${part.partNumber} was not uploaded or its ETag does not match`);
      }
    }
    const http = this.store.http;
    const paths = ordered.map((part) => this.uploadPath(uploadId, `part-${part.partNumber}`));
    const concatenated = Readable.from(
      (async function* () {
        for (const path of paths) {
          const response = await http.request({ method: 'GET', path });
          const status = response.statusCode ?? 0;
          if (status !== 200) {
            response.resume();
            throw status === 404
              ? new StorageError('InvalidPart', 'A part vanished during completion')
              : statusError(status, `GET ${path}`);
          }
          yield* response;
        }
      })(),
      { objectMode: false },
    );
    const result = await this.commit(key, concatenated, record.sidecar);
    await this.store.remove(this.uploadPath(uploadId));
    return result;
  }

  async abort(key: string, uploadId: string): Promise<void> {
    webdavKeySegments(key);
    await this.record(key, uploadId);
    await this.store.remove(this.uploadPath(uploadId));
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FsPath } from '@cloudclip/contract';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import type { Clock } from '../lib/time';
import type { FileRepository } from '../repositories/file-repository';
import type { FsAccess, FsCaller } from '../services/fs/fs-access';
import type { UploadReservations } from '../services/upload-reservations';
import type { DavLockService } from './dav-locks';
import type { DavPropertyStore } from './dav-properties';
import type { DavResources } from './dav-resources';
import type { DavUploads } from './dav-uploads';
import { DavXmlError, MAX_XML_BODY_BYTES } from './dav-xml-parse';
import { davErrorBody } from './dav-xml-responses';
import { DavXmlSizeError } from './dav-xml-serialize';

/** Everything the WebDAV method handlers use (built once by webdav-routes.ts). */
export interface DavDeps {
  access: FsAccess;
  resources: DavResources;
  locks: DavLockService;
  properties: DavPropertyStore;
  uploads: DavUploads;
  reservations: UploadReservations;
  files: FileRepository;
  clock: Clock;
}

/** One WebDAV request: who calls, which path it names, and the reply to answer on. */
export interface DavRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  caller: FsCaller;
  /** `admin:<id>` / `apikey:<id>`: who owns the locks this request creates. */
  principal: string;
  path: FsPath;
  deps: DavDeps;
}

export type DavHandler = (dav: DavRequest) => Promise<unknown>;

/**
 * An answer that is not the JSON envelope: a WebDAV status with a DAV:error body naming the
 * precondition (RFC 4918 §16), e.g. 403 propfind-finite-depth or 423 lock-token-submitted.
 */
export class DavConditionError extends HttpError {
  constructor(
    statusCode: number,
    messageKey: ConstructorParameters<typeof HttpError>[1],
    readonly condition: string,
    readonly hrefs: string[] = [],
  ) {
    super(statusCode, messageKey);
  }

  body(): string {
    return davErrorBody(this.condition, this.hrefs);
  }
}

export type Depth = '0' | '1' | 'infinity';

/** The Depth header (absent → `fallback`); 400 for anything else. */
export function depthOf(request: FastifyRequest, fallback: Depth, allowed: readonly Depth[]): Depth {
  const raw = request.headers.depth;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  const depth = value === undefined || value === '' ? fallback : value;
  if (depth !== '0' && depth !== '1' && depth !== 'infinity') throw new HttpError(400, 'dav.badDepth');
  if (!allowed.includes(depth)) throw new HttpError(400, 'dav.badDepth');
  return depth;
}

/** A single request header as a string (the first of repeated ones). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the request carries a body (a length above 0, or a chunked one). */
export function hasBody(request: FastifyRequest): boolean {
  const length = headerOf(request, 'content-length');
  if (length !== undefined) return Number(length) > 0;
  return headerOf(request, 'transfer-encoding') !== undefined;
}

/** The body stream Fastify left unread (webdav-routes.ts registers a pass-through parser). */
export function bodyStream(request: FastifyRequest): Readable {
  return (request.body as Readable | undefined) ?? request.raw;
}

/** Reads an XML request body as text, at most MAX_XML_BODY_BYTES (413 beyond). Empty without a body. */
export async function readXmlBody(request: FastifyRequest): Promise<string> {
  if (!hasBody(request)) return '';
  const declared = Number(headerOf(request, 'content-length'));
  const tooLarge = () => new HttpError(413, 'dav.bodyTooLarge', { params: { max: formatBytes(MAX_XML_BODY_BYTES) } });
  if (Number.isFinite(declared) && declared > MAX_XML_BODY_BYTES) {
    bodyStream(request).resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = bodyStream(request);
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > MAX_XML_BODY_BYTES) {
      stream.resume();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * Runs a request-body parser of dav-xml-requests.ts, turning its refusal into 400, or 413 when a
 * value in the body (a lock's owner) is larger than the parser's cap.
 */
export function parseBody<T>(parse: (body: string) => T, body: string): T {
  try {
    return parse(body);
  } catch (error) {
    if (error instanceof DavXmlSizeError) {
      throw new HttpError(413, 'dav.xmlValueTooLarge', { params: { max: formatBytes(error.maxBytes) } });
    }
    if (error instanceof DavXmlError) throw new HttpError(400, 'dav.badXml', { params: { reason: error.message } });
    throw error;
  }
}

/** Sends an XML document with a status (207 Multi-Status and friends). */
export function sendXml(reply: FastifyReply, status: number, xml: string | Readable): FastifyReply {
  return reply.code(status).type('application/xml; charset=utf-8').send(xml);
}

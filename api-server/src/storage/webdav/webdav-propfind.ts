import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { StorageError } from '../storage-driver';
import { networkError, statusError, type WebDavHttp } from './webdav-http';

/**
 * PROPFIND (RFC 4918 §9.1) with the answer parsed as it streams in (saxes): each `DAV:response`
 * becomes one small `DavEntry` handed to a callback, so a folder of 100,000 entries never builds
 * a document tree; only the entries the caller keeps stay in memory.
 */

export interface DavEntry {
  /** The member's path on the server, decoded, without a trailing slash. */
  path: string;
  isCollection: boolean;
  size: number;
  lastModified: Date;
  /** The server's ETag without quotes ('' when none). */
  etag: string;
  contentType: string;
  quotaAvailable?: number;
  quotaUsed?: number;
}

const DAV = 'DAV:';

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>' +
  '<d:resourcetype/><d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/>' +
  '</d:prop></d:propfind>';

const QUOTA_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>' +
  '<d:resourcetype/><d:quota-available-bytes/><d:quota-used-bytes/></d:prop></d:propfind>';

/** Most entries one folder listing may hold in memory; more fail with a clear error instead of exhausting memory. */
export const MAX_FOLDER_ENTRIES = 500_000;

/** Decodes an href (absolute URL or absolute path) to a decoded path without a trailing slash. */
export function hrefPath(href: string): string {
  let pathname = href.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathname)) pathname = new URL(pathname).pathname;
  const decoded = pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

interface Pending {
  href: string;
  okProps: boolean;
  props: Partial<Omit<DavEntry, 'path'>>;
  /** Props of the propstat being read (kept only when its status is 2xx). */
  current: Partial<Omit<DavEntry, 'path'>>;
  currentCollection: boolean;
}

/**
 * Runs a PROPFIND and calls `onEntry` for each member as it is parsed. Resolves false when the
 * target does not exist (404). `quota` asks for the RFC 4331 quota properties instead.
 */
export async function propfind(
  http: WebDavHttp,
  path: string,
  depth: 0 | 1,
  onEntry: (entry: DavEntry) => void,
  options: { quota?: boolean } = {},
): Promise<boolean> {
  const response = await http.request({
    method: 'PROPFIND',
    path,
    headers: { depth: String(depth), 'content-type': 'application/xml; charset=utf-8' },
    body: options.quota ? QUOTA_BODY : PROPFIND_BODY,
  });
  const status = response.statusCode ?? 0;
  if (status === 404) {
    response.resume();
    return false;
  }
  if (status !== 207) {
    response.resume();
    throw statusError(status, `PROPFIND ${path}`);
  }
  await parseMultistatus(response, onEntry);
  return true;
}

async function parseMultistatus(response: IncomingMessage, onEntry: (entry: DavEntry) => void): Promise<void> {
  const parser = new SaxesParser({ xmlns: true });
  let parseError: Error | undefined;
  parser.on('error', (error) => {
    parseError ??= error;
  });
  parser.on('doctype', () => {
    parseError ??= new Error('a DOCTYPE in a PROPFIND answer');
  });
  const path: string[] = [];
  let text = '';
  let pending: Pending | null = null;

  parser.on('opentag', (tag: SaxesTagNS) => {
    path.push(tag.uri === DAV ? tag.local : `{${tag.uri}}${tag.local}`);
    text = '';
    if (tag.uri !== DAV) return;
    if (tag.local === 'response') pending = { href: '', okProps: false, props: {}, current: {}, currentCollection: false };
    else if (tag.local === 'propstat' && pending) {
      pending.current = {};
      pending.currentCollection = false;
    } else if (tag.local === 'collection' && pending && path[path.length - 2] === 'resourcetype') pending.currentCollection = true;
  });
  parser.on('text', (chunk) => {
    if (text.length < 64 * 1024) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (text.length < 64 * 1024) text += chunk;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    path.pop();
    const p = pending as Pending | null;
    if (tag.uri !== DAV || !p) return;
    const value = text.trim();
    switch (tag.local) {
      case 'href':
        if (path[path.length - 1] === 'response') p.href = value;
        break;
      case 'getcontentlength':
        p.current.size = Number(value) || 0;
        break;
      case 'getlastmodified':
        p.current.lastModified = new Date(value);
        break;
      case 'getetag':
        p.current.etag = value.replace(/^W\//, '').replace(/"/g, '');
        break;
      case 'getcontenttype':
        p.current.contentType = value;
        break;
      case 'quota-available-bytes':
        if (/^\d+$/.test(value)) p.current.quotaAvailable = Number(value);
        break;
      case 'quota-used-bytes':
        if (/^\d+$/.test(value)) p.current.quotaUsed = Number(value);
        break;
      case 'status':
        if (path[path.length - 1] === 'propstat' && / 2\d\d /.test(`${value} `)) {
          Object.assign(p.props, p.current);
          if (p.currentCollection) p.props.isCollection = true;
          p.okProps = true;
        }
        break;
      case 'response':
        if (p.href && p.okProps) {
          const lastModified = p.props.lastModified;
          onEntry({
            path: hrefPath(p.href),
            isCollection: p.props.isCollection ?? false,
            size: p.props.size ?? 0,
            lastModified: lastModified && !Number.isNaN(lastModified.getTime()) ? lastModified : new Date(0),
            etag: p.props.etag ?? '',
            contentType: p.props.contentType ?? '',
            ...(p.props.quotaAvailable === undefined ? {} : { quotaAvailable: p.props.quotaAvailable }),
            ...(p.props.quotaUsed === undefined ? {} : { quotaUsed: p.props.quotaUsed }),
          });
        }
        pending = null;
        break;
      default:
    }
    text = '';
  });

  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of response) {
      parser.write(decoder.write(chunk as Buffer));
      if (parseError) break;
    }
    if (!parseError) parser.write(decoder.end()).close();
  } catch (error) {
    response.destroy();
    if (error instanceof StorageError) throw error;
    if (!parseError) throw networkError(error, 'reading a PROPFIND answer');
  }
  if (parseError) {
    response.destroy();
    throw new StorageError('Unavailable', `The WebDAV server's PROPFIND answer is not valid XML: ${parseError.message}`);
  }
}

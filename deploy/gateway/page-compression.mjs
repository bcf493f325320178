// The boot page compressed by the gateway as it sends it, in one call, instead of through
// @fastify/compress's stream: a share page is about 90 KB, whose stream compression (chunked, with a
// stream's bookkeeping) was a fifth of the gateway's time per page. A page up to SYNC_LIMIT_BYTES
// is compressed at once (about 0.7 ms for 90 KB: less work in all than on the thread pool, whose
// hand-over costs the main thread half as much again); a larger one on the thread pool.
// Pages the same for every visitor (no API answer in them) are kept compressed, by their text.
//
// A page with its visitor's API answer (a share page) is made of parts, most of them the same at
// every visit (the page's frame, the content rendered once for every reading), and is sent as gzip
// made of compressed segments: each kept part is compressed once and its segment kept, only the
// visitor's parts (the answer, the view count) are compressed at each page. Each segment is
// deflate flushed to a byte boundary with no reference to the ones before it (Z_FULL_FLUSH), so
// they follow one another in one gzip member any browser reads; the checksum is taken over the
// parts. Measured on a 24 KB paste's 88 KB page: about a third of the compression time of Brotli
// quality 2 over the whole page, for about a quarter more bytes than quality 4 (bench/bench.mjs
// --only=ssr, pnpm bench --only=pages for the ready times).
import { brotliCompress, brotliCompressSync, constants, crc32, deflateRawSync, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { acceptsCoding } from './package-files.mjs';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli quality of a page: as @fastify/compress compresses everything else the gateway sends. */
export const PAGE_BROTLI_QUALITY = 4;
/** The largest page compressed on the gateway's own thread. */
export const SYNC_LIMIT_BYTES = 256 * 1024;
/** How many shared pages are kept compressed (one per address pattern and environment is typical). */
const SHARED_PAGES_KEPT = 32;

/** The coding a page is sent in for an Accept-Encoding header: br, else gzip, else none. */
export function pageCodingFor(acceptEncoding) {
  if (acceptsCoding(acceptEncoding, 'br')) return 'br';
  if (acceptsCoding(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/** Deflate level of a kept part (compressed once) and of a visitor's part (at every page). */
const KEPT_LEVEL = 9;
const VISITOR_LEVEL = 1;
/** A gzip member's header: deflate, no name or time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** The last deflate block: empty, fixed codes, final. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** Visitor's parts up to this size are sent as they are (a stored block): a compressor costs more than it saves. */
const STORED_LIMIT_BYTES = 256;

/** A part's deflate segment: byte-aligned, referring to nothing before it, not the last block. */
function segmentOf(data, level) {
  if (data.length <= STORED_LIMIT_BYTES) return storedBlock(data);
  return deflateRawSync(data, { level, finishFlush: constants.Z_FULL_FLUSH });
}

/** Data as a deflate stored block (not the last one), from a byte boundary: RFC 1951 3.2.4. */
function storedBlock(data) {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/**
 * @typedef {{ data: Buffer, kept?: boolean }} PagePart a part of a page; `kept`: the same buffer
 *   comes again at later pages (its segment is kept with it)
 */

export function createPageCompressor() {
  /** Segments of kept parts, by their buffer. */
  const segments = new WeakMap();

  /**
   * A page made of parts as one gzip member of their segments (see above).
   * @param {PagePart[]} parts
   */
  function gzipOfParts(parts) {
    const out = [GZIP_HEADER];
    let checksum = 0;
    let size = 0;
    /** The visitor's parts since the last kept one: compressed together, in one segment. */
    let visitor = [];
    const endVisitorRun = () => {
      if (visitor.length === 0) return;
      out.push(segmentOf(visitor.length === 1 ? visitor[0] : Buffer.concat(visitor), VISITOR_LEVEL));
      visitor = [];
    };
    for (const { data, kept } of parts) {
      if (data.length === 0) continue;
      checksum = crc32(data, checksum);
      size += data.length;
      if (!kept) {
        visitor.push(data);
        continue;
      }
      endVisitorRun();
      let segment = segments.get(data);
      if (!segment) {
        segment = segmentOf(data, KEPT_LEVEL);
        segments.set(data, segment);
      }
      out.push(segment);
    }
    endVisitorRun();
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    out.push(LAST_BLOCK, trailer);
    return Buffer.concat(out);
  }

  /** Compressed shared pages by coding and text (a promise: pages that come together share one compression). */
  const shared = new Map();

  async function encode(html, coding) {
    const buffer = Buffer.isBuffer(html) ? html : Buffer.from(html, 'utf8');
    const now = buffer.length <= SYNC_LIMIT_BYTES;
    if (coding === 'br') {
      const options = {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
        },
      };
      return now ? brotliCompressSync(buffer, options) : brotli(buffer, options);
    }
    return now ? gzipSync(buffer) : gzipped(buffer);
  }

  /**
   * The page as it is sent: `{ body, coding }` (`coding` null: the text as it is).
   * @param {string | Buffer} html
   * @param {string | undefined} acceptEncoding
   * @param {{ personal: boolean }} page a personal page (with its visitor's answers) is never kept;
   *   a shared one is kept by its text (a string)
   */
  async function compress(html, acceptEncoding, { personal }) {
    const coding = pageCodingFor(acceptEncoding);
    if (!coding) return { body: html, coding: null };
    if (personal || typeof html !== 'string') return { body: await encode(html, coding), coding };
    const key = `${coding}\n${html}`;
    let body = shared.get(key);
    if (!body) {
      body = encode(html, coding);
      body.catch(() => shared.delete(key));
      if (shared.size >= SHARED_PAGES_KEPT) shared.delete(shared.keys().next().value);
      shared.set(key, body);
    }
    return { body: await body, coding };
  }

  /**
   * A page with its visitor's answers, made of parts (PagePart), as it is sent: gzip of kept
   * segments when the browser takes gzip (see above); otherwise compressed whole as `compress` does.
   * @param {PagePart[]} parts
   * @param {string | undefined} acceptEncoding
   */
  async function compressParts(parts, acceptEncoding) {
    if (acceptsCoding(acceptEncoding, 'gzip')) return { body: gzipOfParts(parts), coding: 'gzip' };
    return compress(Buffer.concat(parts.map((part) => part.data)), acceptEncoding, { personal: true });
  }

  return { compress, compressParts };
}

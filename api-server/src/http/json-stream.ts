import { Readable } from 'node:stream';

/** Longest piece of one string serialised at a time (UTF-16 code units). */
const STRING_SLICE = 64 * 1024;
/** Small pieces are gathered into chunks of about this many code units before they are sent. */
const CHUNK = 16 * 1024;

function isAsyncIterable(value: object): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/** Values JSON.stringify leaves out of objects (and writes as `null` in arrays). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** A string as JSON, in slices that never split a surrogate pair (so the text equals JSON.stringify's). */
function* stringPieces(value: string): Generator<string> {
  if (value.length <= STRING_SLICE) {
    yield JSON.stringify(value);
    return;
  }
  yield '"';
  let start = 0;
  while (start < value.length) {
    let end = Math.min(start + STRING_SLICE, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield JSON.stringify(value.slice(start, end)).slice(1, -1);
    start = end;
  }
  yield '"';
}

async function* pieces(value: unknown): AsyncGenerator<string> {
  if (value === null || value === undefined) {
    yield 'null';
    return;
  }
  if (typeof value === 'string') {
    yield* stringPieces(value);
    return;
  }
  if (typeof value !== 'object') {
    // numbers (NaN and ±Infinity as null), booleans; a bigint throws as in JSON.stringify
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    yield* pieces(toJSON.call(value));
    return;
  }
  if (Array.isArray(value) || isAsyncIterable(value)) {
    yield '[';
    let first = true;
    for await (const item of value as AsyncIterable<unknown> | unknown[]) {
      if (!first) yield ',';
      first = false;
      if (isOmitted(item)) yield 'null';
      else yield* pieces(item);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (isOmitted(item)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* pieces(item);
  }
  yield '}';
}

/**
 * The JSON text of `value`, as JSON.stringify would write it (plain data: objects, arrays, strings,
 * numbers, booleans, null), in chunks of a few dozen KB. Arrays may be async iterables, read as the
 * text is consumed; long strings are written in slices. So a response of large items is never built
 * as one string and holds only the item being written.
 */
export async function* jsonChunks(value: unknown): AsyncGenerator<string> {
  let pending = '';
  for await (const piece of pieces(value)) {
    pending += piece;
    if (pending.length >= CHUNK) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}

/**
 * A byte stream of {@link jsonChunks} for `reply.send`: one chunk is produced when the previous one
 * was taken, so the socket's backpressure reaches the iteration of `value`'s async arrays.
 */
export function jsonStream(value: unknown): Readable {
  return Readable.from(jsonChunks(value), { objectMode: false, highWaterMark: CHUNK });
}

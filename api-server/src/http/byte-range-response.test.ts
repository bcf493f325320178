import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveRange } from '../storage/byte-range';
import { StorageError, type GetObjectResult, type ObjectInfo, type RangeRequest } from '../storage/storage-driver';
import { readObjectRange, sendObject, sendObjectHead } from './byte-range-response';
import { HttpError } from './http-error';

const CONTENT = Buffer.from('0123456789');
const LAST_MODIFIED = new Date('2026-01-02T03:04:05Z');

/** A one-object driver that ranges like the real ones: InvalidRange when unsatisfiable. */
function fakeDriver(objects: Record<string, Buffer>) {
  const info = (key: string): ObjectInfo | null => {
    const data = objects[key];
    if (!data) return null;
    return { key, size: data.length, etag: 'e1', lastModified: LAST_MODIFIED, contentType: 'text/plain', metadata: {} };
  };
  return {
    async headObject(key: string): Promise<ObjectInfo | null> {
      return info(key);
    },
    async getObject(key: string, options?: { range?: RangeRequest }): Promise<GetObjectResult> {
      const found = info(key);
      const data = objects[key];
      if (!found || !data) throw new StorageError('NoSuchKey', 'no such key');
      if (!options?.range) return { ...found, body: Readable.from([data]), contentLength: data.length };
      const span = resolveRange(options.range, data.length);
      if (!span) throw new StorageError('InvalidRange', 'unsatisfiable');
      const slice = data.subarray(span.start, span.end + 1);
      return { ...found, body: Readable.from([slice]), contentLength: slice.length, range: span };
    },
  };
}

/** GET and HEAD of `/o/:key` through the helpers, errors as status + Content-Range. */
async function serve(objects: Record<string, Buffer>): Promise<FastifyInstance> {
  const driver = fakeDriver(objects);
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.messageKey);
    if (error instanceof StorageError) return reply.code(error.statusCode).send(error.code);
    return reply.code(500).send('internal');
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/o/:key',
    handler: async (request, reply) => {
      const { key } = request.params as { key: string };
      const headers = { 'content-type': 'text/plain', 'accept-ranges': 'bytes' };
      if (request.method === 'HEAD') {
        const info = await driver.headObject(key);
        if (!info) return reply.code(404).send();
        return sendObjectHead(reply, info, headers);
      }
      return sendObject(reply, await readObjectRange(driver, key, request.headers.range), headers);
    },
  });
  await app.ready();
  return app;
}

describe('byte range responses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serve({ ten: CONTENT, empty: Buffer.alloc(0) });
  });
  afterAll(() => app.close());

  it.each([
    ['a closed range', 'bytes=2-5', 206, '2345', 'bytes 2-5/10'],
    ['a range whose end is past the object, clipped', 'bytes=8-500', 206, '89', 'bytes 8-9/10'],
    ['an open range', 'bytes=7-', 206, '789', 'bytes 7-9/10'],
    ['a suffix range', 'bytes=-3', 206, '789', 'bytes 7-9/10'],
    ['a suffix longer than the object, the whole object', 'bytes=-50', 206, '0123456789', 'bytes 0-9/10'],
    ['the last byte alone', 'bytes=9-9', 206, '9', 'bytes 9-9/10'],
    ['no Range header, the whole object', undefined, 200, '0123456789', undefined],
    ['several ranges, ignored: the whole object', 'bytes=0-1,5-6', 200, '0123456789', undefined],
    ['another unit, ignored', 'items=0-1', 200, '0123456789', undefined],
    ['an inverted range, ignored', 'bytes=5-1', 200, '0123456789', undefined],
    ['garbage, ignored', 'bytes=a-b', 200, '0123456789', undefined],
  ])('serves %s', async (_name, range, status, body, contentRange) => {
    const response = await app.inject({ method: 'GET', url: '/o/ten', headers: range === undefined ? {} : { range } });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
    expect(response.headers['content-length']).toBe(String(body.length));
    expect(response.headers['content-range']).toBe(contentRange);
    expect(response.headers['content-type']).toBe('text/plain');
  });

  it.each([
    ['a start at the size', 'ten', 'bytes=10-', 'bytes */10'],
    ['a start past the size', 'ten', 'bytes=99-100', 'bytes */10'],
    ['an empty suffix', 'ten', 'bytes=-0', 'bytes */10'],
    ['any range of an empty object', 'empty', 'bytes=0-', 'bytes */0'],
    ['a suffix of an empty object', 'empty', 'bytes=-1', 'bytes */0'],
  ])('answers %s with 416 and the object size', async (_name, key, range, contentRange) => {
    const response = await app.inject({ method: 'GET', url: `/o/${key}`, headers: { range } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(contentRange);
    expect(response.body).toBe('storage.rangeNotSatisfiable');
  });

  it('answers an unsatisfiable range of an object gone meanwhile with size 0', async () => {
    const driver = fakeDriver({ k: CONTENT });
    const vanishing = { ...driver, headObject: async () => null };
    const error = await readObjectRange(vanishing, 'k', 'bytes=50-').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).headers).toEqual({ 'content-range': 'bytes */0' });
  });

  it('passes other storage errors on unchanged', async () => {
    const error = await readObjectRange(fakeDriver({}), 'missing', 'bytes=0-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('NoSuchKey');
  });

  it('answers HEAD with the whole length and no body, whatever the Range', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/o/ten', headers: { range: 'bytes=2-3' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body).toBe('');
  });

  it('keeps a listed Content-Length in its place and sets its value', async () => {
    const headers: Record<string, string> = {};
    const reply = {
      code: () => reply,
      headers: (values: Record<string, string>) => {
        Object.assign(headers, values);
        return reply;
      },
      header: (name: string, value: string) => {
        headers[name] = value;
        return reply;
      },
      send: () => reply,
    };
    const object = await readObjectRange(fakeDriver({ k: CONTENT }), 'k', 'bytes=1-2');
    sendObject(reply as never, object, { a: '1', 'content-length': 'stale', b: '2' });
    expect(Object.entries(headers)).toEqual([
      ['a', '1'],
      ['content-length', '2'],
      ['b', '2'],
      ['content-range', 'bytes 1-2/10'],
    ]);
  });
});

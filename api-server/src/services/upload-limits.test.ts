import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimiter, pipeRequestBody } from './upload-limits';

describe('ByteLimiter', () => {
  it('passes up to the limit and fails past it', async () => {
    const ok = new ByteLimiter(10, () => new Error('too big'));
    const sink = new PassThrough();
    sink.resume();
    await pipeline(Readable.from([Buffer.alloc(4), Buffer.alloc(6)]), ok, sink);
    expect(ok.bytes).toBe(10);

    const over = new ByteLimiter(10, (bytes) => new Error(`too big at ${bytes}`));
    const sink2 = new PassThrough();
    sink2.resume();
    await expect(pipeline(Readable.from([Buffer.alloc(8), Buffer.alloc(8), Buffer.alloc(8)]), over, sink2)).rejects.toThrow(
      'too big at 16',
    );
  });

  it('pipeRequestBody keeps the source alive (drained) when the limit fails', async () => {
    const source = new PassThrough();
    const limiter = pipeRequestBody(source, new ByteLimiter(5, () => new Error('stop')));
    const failed = new Promise((resolve) => limiter.on('error', resolve));
    limiter.resume();
    source.write(Buffer.alloc(10));
    await failed;
    expect(source.destroyed).toBe(false);
    source.end(Buffer.alloc(100));
    await new Promise((resolve) => source.on('end', resolve));
  });
});

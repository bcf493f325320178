import { ReadableStream } from 'node:stream/web';
import { readBodyChunks } from './read-body';

function bodyOf(...parts: number[][]): globalThis.ReadableStream<Uint8Array> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new Uint8Array(part));
      controller.close();
    },
  });
  return stream as unknown as globalThis.ReadableStream<Uint8Array>;
}

test('returns the chunks in order with their total length, and reports the bytes read after each', async () => {
  const seen: number[] = [];
  const { chunks, loaded } = await readBodyChunks(bodyOf([1, 2, 3], [4], [5, 6]), (bytes) => seen.push(bytes));
  expect(chunks.map((chunk) => Array.from(chunk))).toEqual([[1, 2, 3], [4], [5, 6]]);
  expect(loaded).toBe(6);
  expect(seen).toEqual([3, 4, 6]);
});

test('an empty body gives no chunks and no progress', async () => {
  const onChunk = jest.fn();
  await expect(readBodyChunks(bodyOf(), onChunk)).resolves.toEqual({ chunks: [], loaded: 0 });
  expect(onChunk).not.toHaveBeenCalled();
});

test('stops at the chunk where onChunk throws (a size limit) and rejects with its error', async () => {
  const seen: number[] = [];
  const limit = (bytes: number) => {
    seen.push(bytes);
    if (bytes > 3) throw new Error('too large');
  };
  await expect(readBodyChunks(bodyOf([1, 2], [3, 4], [5]), limit)).rejects.toThrow('too large');
  expect(seen).toEqual([2, 4]);
});

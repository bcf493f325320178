import { chunksOf, streamOf } from './test-env';
import { logLine, logOfBytes } from '../../../fixtures/text.mjs';
import { LineIndex } from './line-index';
import { streamText } from './stream-text';

const encode = (text: string) => new TextEncoder().encode(text);

describe('streamText', () => {
  it('indexes lines whose CRLF and multi-byte characters are split across the stream chunks', async () => {
    const text = `${'p'.repeat(9000)}\r\n你好，世界 😀\r\nend`;
    const bytes = encode(text);
    const crlf = 9000; // "\r" is byte 9000, "\n" byte 9001
    const han = 9002 + 1; // inside the three bytes of 你
    const emoji = bytes.indexOf(0xf0) + 2; // inside the four bytes of 😀
    const chunks = [bytes.subarray(0, crlf + 1), bytes.subarray(crlf + 1, han), bytes.subarray(han, emoji), bytes.subarray(emoji)];
    const index = new LineIndex();
    const progress: number[] = [];
    await streamText(streamOf(chunks), index, { onProgress: (loaded) => progress.push(loaded) });
    expect(index.done).toBe(true);
    expect(index.lineCount).toBe(3);
    expect(index.line(0).text).toBe('p'.repeat(9000));
    expect(index.line(1).text).toBe('你好，世界 😀');
    expect(index.line(2).text).toBe('end');
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('reads a 4 MB log in 64 KB chunks with every numbered line in place', async () => {
    const bytes = logOfBytes(4 * 1024 * 1024);
    const index = new LineIndex();
    await streamText(streamOf(chunksOf(bytes, 64 * 1024)), index);
    const lines = new TextDecoder().decode(bytes).split('\n');
    lines.pop();
    expect(index.lineCount).toBe(lines.length);
    for (const n of [1, 2, 1000, 33333, lines.length - 1]) expect(index.line(n - 1).text).toBe(logLine(n));
    expect(index.line(lines.length - 1).text).toBe(lines.at(-1));
  });

  it('stops reading when aborted', async () => {
    const controller = new AbortController();
    const index = new LineIndex();
    let reads = 0;
    const chunks = chunksOf(logOfBytes(1024 * 1024), 16 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        reads += 1;
        if (reads === 3) controller.abort();
        c.enqueue(chunks[reads - 1]!);
      },
    });
    await streamText(stream, index, { signal: controller.signal });
    expect(index.done).toBe(false);
    expect(reads).toBeLessThan(6);
  });

  it('rejects a binary stream as unsupported', async () => {
    const bytes = new Uint8Array(20000); // all NUL
    await expect(streamText(streamOf([bytes]), new LineIndex())).rejects.toMatchObject({ reason: 'unsupported' });
  });
});

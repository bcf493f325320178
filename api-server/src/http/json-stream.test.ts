import { jsonChunks, jsonStream } from './json-stream';

async function text(value: unknown): Promise<{ text: string; chunks: string[] }> {
  const chunks: string[] = [];
  for await (const chunk of jsonChunks(value)) chunks.push(chunk);
  return { text: chunks.join(''), chunks };
}

async function* asyncItems<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe('jsonChunks', () => {
  it('writes the text JSON.stringify writes for plain data', async () => {
    const values: unknown[] = [
      null,
      0,
      -1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      '',
      'quote " backslash \\ newline \n tab \t control \u0001 emoji 😀 lone \ud800',
      [],
      {},
      [1, undefined, () => 1, null, 'x'],
      { a: 1, skipped: undefined, fn: () => 1, nested: { b: [true, { c: null }] }, 'odd "key"': 'v' },
      { when: new Date('2025-07-01T08:00:00.000Z') },
    ];
    for (const value of values) {
      expect((await text(value)).text).toBe(JSON.stringify(value));
    }
  });

  it('writes an async iterable as an array', async () => {
    const items = [{ id: 1 }, { id: 2, content: 'two' }];
    expect((await text({ code: 200, data: asyncItems(items), success: true })).text).toBe(
      JSON.stringify({ code: 200, data: items, success: true }),
    );
    expect((await text({ data: asyncItems([]) })).text).toBe('{"data":[]}');
  });

  it('writes a long string in bounded slices without splitting a surrogate pair', async () => {
    // 😀 is two UTF-16 code units: with an odd prefix, every slice boundary falls inside a pair
    const long = `x${'😀'.repeat(200_000)}"\n${'é'.repeat(100_000)}`;
    const { text: written, chunks } = await text({ content: long });
    expect(written).toBe(JSON.stringify({ content: long }));
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(2 * 64 * 1024 + 16 * 1024);
  });
});

describe('jsonStream', () => {
  it('reads the items of an async array only as the stream is consumed', async () => {
    const produced: number[] = [];
    async function* items(): AsyncGenerator<{ id: number; content: string }> {
      for (let id = 1; id <= 5; id += 1) {
        produced.push(id);
        yield { id, content: 'c'.repeat(200 * 1024) };
      }
    }
    const stream = jsonStream({ data: items() });
    const received: Buffer[] = [];
    const iterator = stream[Symbol.asyncIterator]();
    received.push((await iterator.next()).value as Buffer);
    expect(produced).toEqual([1]);
    for (let result = await iterator.next(); !result.done; result = await iterator.next()) received.push(result.value as Buffer);
    expect(produced).toEqual([1, 2, 3, 4, 5]);
    const parsed = JSON.parse(Buffer.concat(received).toString('utf8')) as { data: Array<{ id: number; content: string }> };
    expect(parsed.data.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

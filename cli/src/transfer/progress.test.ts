import {
  formatBytes,
  formatDuration,
  formatProgressLine,
  formatRate,
  Progress,
  RateMeter,
  shortenName,
  type ProgressTexts,
} from './progress';

const texts: ProgressTexts = {
  left: (time) => `${time} left`,
  summary: ({ name, size, time, rate }) => `${name}: ${size} in ${time} (${rate})`,
};

describe('progress formatting', () => {
  it('shows sizes in binary units with three significant digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MiB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MiB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GiB');
    expect(formatRate(2.5 * 1024 * 1024)).toBe('2.50 MiB/s');
    expect(formatRate(0)).toBe('-- B/s');
  });

  it('shows time left as m:ss or h:mm:ss, unknown as --:--', () => {
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.NaN)).toBe('--:--');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('--:--');
  });

  it('shortens a long name in the middle, keeping its extension', () => {
    expect(shortenName('short.txt', 20)).toBe('short.txt');
    const short = shortenName('a-very-long-file-name-for-a-report.pdf', 15);
    expect(Array.from(short)).toHaveLength(15);
    expect(short.startsWith('a-very-')).toBe(true);
    expect(short.endsWith('ort.pdf')).toBe(true);
  });

  it('builds the line with bytes, percent, rate and time left, never wider than the terminal', () => {
    const line = formatProgressLine(
      { name: 'big.iso', done: 10 * 1024 * 1024, total: 30 * 1024 * 1024, rate: 2 * 1024 * 1024, columns: 100 },
      texts,
    );
    expect(line).toBe('big.iso  10.0 MiB / 30.0 MiB  33%  2.00 MiB/s  0:10 left');
    const narrow = formatProgressLine({ name: 'x'.repeat(80), done: 1, total: 2, rate: 1, columns: 50 }, texts);
    expect(narrow.length).toBeLessThan(50);
    const unknown = formatProgressLine({ name: 'f', done: 2048, total: undefined, rate: 0, columns: 80 }, texts);
    expect(unknown).toBe('f  2.00 KiB  -- B/s');
  });

  it('smooths the rate instead of jumping with each sample', () => {
    const meter = new RateMeter(0);
    expect(meter.sample(1000, 1000)).toBe(1000);
    const next = meter.sample(1100, 1000 + 1000); // a burst of 10 000 B/s for 100 ms
    expect(next).toBeGreaterThan(1000);
    expect(next).toBeLessThan(3000);
  });
});

describe('Progress', () => {
  function sink() {
    const writes: string[] = [];
    return { writes, stream: { write: (text: string) => writes.push(text), columns: 100 } };
  }

  it('redraws at most ten times a second with \\r, then clears and prints one summary line', () => {
    const { writes, stream } = sink();
    let now = 0;
    const progress = new Progress({ enabled: true, stream, texts, now: () => now }, 'a.bin', 1000);
    for (let i = 1; i <= 100; i += 1) {
      now = i * 10; // 100 updates in one second
      progress.add(10);
    }
    const draws = writes.filter((text) => text.startsWith('\r\x1b[2K') && text.length > 5);
    expect(draws.length).toBeLessThanOrEqual(10);
    expect(draws.length).toBeGreaterThanOrEqual(9);
    progress.end(true);
    expect(writes.at(-2)).toBe('\r\x1b[2K');
    expect(writes.at(-1)).toBe('a.bin: 1000 B in 0:01 (1000 B/s)\n');
    progress.end(true);
    expect(writes.filter((text) => text.endsWith('\n'))).toHaveLength(1);
  });

  it('writes nothing when disabled (stderr piped or --quiet)', () => {
    const { writes, stream } = sink();
    const progress = new Progress({ enabled: false, stream, texts }, 'a.bin', 10);
    progress.add(5);
    progress.end(true);
    expect(writes).toEqual([]);
  });
});

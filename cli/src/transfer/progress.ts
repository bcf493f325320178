/**
 * The transfer progress line on standard error (only on a terminal and without --quiet): name,
 * bytes done / total, a smoothed rate and the time left, redrawn at most 10 times a second with
 * `\r`, cleared at the end and followed by one summary line.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** `1536` → `1.5 KiB`, `0` → `0 B`; three significant digits above 1 KiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** Bytes per second as `2.50 MiB/s`. */
export function formatRate(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '-- B/s';
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Seconds as `0:09`, `12:05`, `1:02:03`; unknown or absurd (> 99 h) → `--:--`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 99 * 3600) return '--:--';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Shortens a name to `width` characters with `…` in the middle (keeps the extension visible). */
export function shortenName(name: string, width: number): string {
  const chars = Array.from(name);
  if (chars.length <= width) return name;
  if (width <= 1) return '…';
  const tail = Math.floor((width - 1) / 2);
  const head = width - 1 - tail;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

export interface ProgressTexts {
  /** `{time}` left, e.g. `0:09 left` / `剩余 0:09`. */
  left: (time: string) => string;
  /** The summary line: `{name}: {size} in {time} ({rate})`. */
  summary: (values: { name: string; size: string; time: string; rate: string }) => string;
}

export interface ProgressLineInput {
  name: string;
  done: number;
  /** Unknown total (a download without Content-Length) → undefined. */
  total: number | undefined;
  /** Smoothed bytes per second. */
  rate: number;
  /** Terminal width; the line never exceeds it. */
  columns: number;
}

/** One progress line: `name  12.3 MiB / 30.0 MiB  41%  2.50 MiB/s  0:07 left`, fitted to `columns`. */
export function formatProgressLine(input: ProgressLineInput, texts: ProgressTexts): string {
  const { done, total, rate } = input;
  const parts: string[] = [];
  if (total !== undefined && total > 0) {
    const percent = Math.min(100, Math.floor((done / total) * 100));
    parts.push(`${formatBytes(done)} / ${formatBytes(total)}`, `${percent}%`);
  } else {
    parts.push(formatBytes(done));
  }
  parts.push(formatRate(rate));
  if (total !== undefined && total > 0) {
    parts.push(texts.left(formatDuration(rate > 0 ? Math.max(0, total - done) / rate : Number.NaN)));
  }
  const tail = parts.join('  ');
  const room = Math.max(0, input.columns - 1 - tail.length - 2);
  if (room < 4) return tail.slice(0, Math.max(0, input.columns - 1));
  return `${shortenName(input.name, Math.min(room, 40))}  ${tail}`;
}

/** Exponentially smoothed rate over samples at least `minIntervalMs` apart. */
export class RateMeter {
  private lastTime: number;
  private lastBytes: number;
  private smoothed = 0;

  constructor(
    startTime: number,
    startBytes = 0,
    private readonly halfLifeMs = 2000,
  ) {
    this.lastTime = startTime;
    this.lastBytes = startBytes;
  }

  /** Records `bytes` done at `now` (ms) and returns the smoothed rate in bytes per second. */
  sample(now: number, bytes: number): number {
    const elapsed = now - this.lastTime;
    if (elapsed < 50) return this.smoothed;
    const instant = ((bytes - this.lastBytes) * 1000) / elapsed;
    const weight = this.smoothed === 0 ? 1 : 1 - Math.pow(0.5, elapsed / this.halfLifeMs);
    this.smoothed = this.smoothed + weight * (instant - this.smoothed);
    this.lastTime = now;
    this.lastBytes = bytes;
    return this.smoothed;
  }

  get rate(): number {
    return this.smoothed;
  }
}

export interface ProgressSink {
  write(text: string): unknown;
  columns?: number;
}

export interface ProgressOptions {
  enabled: boolean;
  stream: ProgressSink;
  texts: ProgressTexts;
  now?: () => number;
  /** Minimum time between redraws (default 100 ms: at most 10 a second). */
  intervalMs?: number;
}

/** The live progress of one transfer; a no-op when disabled. */
export class Progress {
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly startedAt: number;
  private readonly meter: RateMeter;
  private done: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private drawn = false;
  private ended = false;

  constructor(
    private readonly options: ProgressOptions,
    private readonly name: string,
    private total: number | undefined,
    /** Bytes already there before this run (a resumed upload). */
    private readonly initial = 0,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.intervalMs = options.intervalMs ?? 100;
    this.startedAt = this.now();
    this.meter = new RateMeter(this.startedAt, initial);
    this.done = initial;
  }

  setTotal(total: number | undefined): void {
    this.total = total;
  }

  /** Adds `bytes` done (may be called for every chunk; draws at most every `intervalMs`). */
  add(bytes: number): void {
    this.set(this.done + bytes);
  }

  /** Sets the bytes done (a retried part may go back). */
  set(done: number): void {
    this.done = done;
    if (!this.options.enabled || this.ended) return;
    const now = this.now();
    this.meter.sample(now, done);
    if (now - this.lastDraw < this.intervalMs) return;
    this.lastDraw = now;
    this.draw();
  }

  private columns(): number {
    const columns = this.options.stream.columns;
    return typeof columns === 'number' && columns > 20 ? columns : 80;
  }

  private draw(): void {
    const line = formatProgressLine(
      { name: this.name, done: this.done, total: this.total, rate: this.meter.rate, columns: this.columns() },
      this.options.texts,
    );
    this.options.stream.write(`\r\x1b[2K${line}`);
    this.drawn = true;
  }

  /** Clears the line (before printing something else, or on failure). */
  clear(): void {
    if (this.drawn) this.options.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  /** Clears the line and, when `summary`, prints the summary line. Idempotent. */
  end(summary: boolean): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.options.enabled) return;
    this.clear();
    if (!summary) return;
    const seconds = Math.max(0.001, (this.now() - this.startedAt) / 1000);
    const sent = this.done - this.initial;
    this.options.stream.write(
      `${this.options.texts.summary({
        name: this.name,
        size: formatBytes(this.done),
        time: formatDuration(seconds),
        rate: formatRate(sent / seconds),
      })}\n`,
    );
  }
}

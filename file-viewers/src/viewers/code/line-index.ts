/**
 * The text of a file as it streams in: its decoded chunks as they came (never joined into one
 * string for a large file, never split into one string per line) and the offset where each line
 * starts. A line ends at "\n", "\r\n" or a lone "\r" — also when the two characters of a "\r\n"
 * arrive in different chunks.
 */
export class LineIndex {
  private readonly chunks: string[] = [];
  /** Offset (in characters of the whole text) of each chunk's first character. */
  private readonly chunkStarts: number[] = [];
  private starts = new Uint32Array(1024);
  private count = 1; // line 0 starts at 0
  private chars = 0;
  /** The last chunk ended with "\r": the next line starts after it, or after a "\n" that follows. */
  private pendingCR = false;
  private finished = false;

  /** Adds the next decoded piece of the text. */
  push(text: string): void {
    if (this.finished) throw new Error('LineIndex: push after finish');
    if (text.length === 0) return;
    const base = this.chars;
    this.chunks.push(text);
    this.chunkStarts.push(base);
    this.chars += text.length;
    let from = 0;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (text.charCodeAt(0) === 10) {
        this.addStart(base + 1);
        from = 1;
      } else this.addStart(base);
    }
    let nextLF = text.indexOf('\n', from);
    let nextCR = text.indexOf('\r', from);
    while (nextLF !== -1 || nextCR !== -1) {
      if (nextCR === -1 || (nextLF !== -1 && nextLF < nextCR)) {
        this.addStart(base + nextLF + 1);
        nextLF = text.indexOf('\n', nextLF + 1);
        continue;
      }
      // A "\r": with its "\n" the pair ends the line; at the chunk's end, wait for the next chunk.
      if (nextCR === text.length - 1) {
        this.pendingCR = true;
        break;
      }
      if (nextLF === nextCR + 1) {
        this.addStart(base + nextCR + 2);
        nextLF = text.indexOf('\n', nextCR + 2);
      } else this.addStart(base + nextCR + 1);
      nextCR = text.indexOf('\r', nextCR + 1);
    }
  }

  /** The text is complete. */
  finish(): void {
    if (this.finished) return;
    if (this.pendingCR) this.addStart(this.chars);
    this.pendingCR = false;
    this.finished = true;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Characters so far. */
  get length(): number {
    return this.chars;
  }

  /**
   * Lines so far (the last one may still grow while streaming). A text that ends with a line break
   * has no empty line after it ("a\nb\n" is two lines); an empty text is one empty line.
   */
  get lineCount(): number {
    const last = this.starts[this.count - 1]!;
    return this.count > 1 && last === this.chars ? this.count - 1 : this.count;
  }

  /** Where line `index` (0-based) starts, in characters. */
  lineStart(index: number): number {
    return this.starts[index]!;
  }

  /**
   * Line `index` without its line break. At most `maxChars` characters are taken (a single 50 MB
   * line is never built into a string): `truncated` says the line is longer.
   */
  line(index: number, maxChars = Infinity): { text: string; truncated: boolean } {
    if (index < 0 || index >= this.count) return { text: '', truncated: false };
    const start = this.starts[index]!;
    const next = index + 1 < this.count ? this.starts[index + 1]! : this.chars;
    // The line's own characters end before its break ("\n", "\r\n" or "\r").
    let end = next;
    if (index + 1 < this.count) {
      end = next - 1;
      if (this.charAt(end) === '\n' && end > start && this.charAt(end - 1) === '\r') end -= 1;
    } else if (this.pendingCR && end > start) end -= 1;
    if (end - start > maxChars) return { text: this.slice(start, start + maxChars), truncated: true };
    return { text: this.slice(start, end), truncated: false };
  }

  /** Characters [start, end) of the whole text, across chunks. */
  slice(start: number, end: number): string {
    end = Math.min(end, this.chars);
    if (end <= start) return '';
    let chunk = this.chunkAt(start);
    let result = '';
    let position = start;
    while (position < end && chunk < this.chunks.length) {
      const text = this.chunks[chunk]!;
      const offset = position - this.chunkStarts[chunk]!;
      const piece = text.slice(offset, offset + (end - position));
      result += piece;
      position += piece.length;
      chunk += 1;
    }
    return result;
  }

  /** The whole text (for small files only: copying, highlighting). */
  text(): string {
    return this.chunks.join('');
  }

  private charAt(position: number): string {
    const chunk = this.chunkAt(position);
    return this.chunks[chunk]?.charAt(position - this.chunkStarts[chunk]!) ?? '';
  }

  /** The chunk holding character `position` (binary search). */
  private chunkAt(position: number): number {
    let low = 0;
    let high = this.chunkStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.chunkStarts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private addStart(offset: number): void {
    if (this.count === this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.count++] = offset;
  }
}

/**
 * Splitting of large Markdown documents into independently renderable chunks.
 *
 * The unified pipeline (remark → rehype → sanitize) is far from linear on big inputs (a 1 MB
 * document takes tens of seconds in one piece) and always blocks the main thread while it runs.
 * Cut at block boundaries, each chunk is rendered — and sanitized — on its own in a few
 * milliseconds, the page stays responsive, and unchanged chunks are reused from a cache while
 * typing. Documents below {@link CHUNK_THRESHOLD} are rendered in one piece, exactly as bytemd does.
 *
 * Boundaries are only placed where CommonMark starts a new top-level block that cannot continue
 * the previous one: an ATX heading, or a non-indented paragraph line after a blank line — never
 * inside a fenced code block or a multi-line HTML block. Link reference and footnote definitions
 * are copied to every chunk so references keep resolving.
 */

/** Below this size (characters) a document is one chunk. */
export const CHUNK_THRESHOLD = 32 * 1024;
/** Preferred chunk size (characters): a boundary is taken once a chunk is at least this long. */
export const CHUNK_TARGET = 3 * 1024;
/** Definitions are only copied to every chunk while they stay this small (characters). */
export const MAX_SHARED_DEFINITIONS = 16 * 1024;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A line that can only start a paragraph (not a list, quote, table, HTML, definition or indented code). */
const PARAGRAPH_START = /^[^\s>|*+\-#<[\d=_`~]/;
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/;
/** HTML blocks that may contain blank lines (CommonMark types 1 and 2) and the line that ends them. */
const HTML_BLOCK_OPEN: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
];

interface FenceState {
  char: string;
  length: number;
}

function closesFence(line: string, fence: FenceState): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return !!match && match[1]!.startsWith(fence.char) && match[1]!.length >= fence.length;
}

/** Splits a document into chunks whose concatenation is the original text (definitions aside). */
export function splitMarkdown(source: string): string[] {
  if (source.length <= CHUNK_THRESHOLD) return [source];
  const lines = source.split('\n');
  const chunks: string[] = [];
  const definitions: string[] = [];
  let current: string[] = [];
  let currentLength = 0;
  let fence: FenceState | null = null;
  let htmlEnd: RegExp | null = null;
  let previousBlank = true;
  let inDefinition = false;

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const blank = line.trim() === '';
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = null;
    } else {
      const boundary = currentLength >= CHUNK_TARGET && (ATX_HEADING.test(line) || (previousBlank && PARAGRAPH_START.test(line)));
      if (boundary) {
        chunks.push(current.join('\n'));
        current = [];
        currentLength = 0;
      }
      const open = FENCE_OPEN.exec(line);
      if (open) {
        fence = { char: open[1]![0]!, length: open[1]!.length };
      } else {
        const html = HTML_BLOCK_OPEN.find(([start]) => start.test(line));
        if (html && !html[1].test(line.replace(html[0], ''))) htmlEnd = html[1];
      }
      if (DEFINITION.test(line) && (previousBlank || inDefinition)) {
        definitions.push(line);
        inDefinition = true;
      } else if (inDefinition && !blank && /^(?: {4}|\t)/.test(line)) {
        definitions.push(line); // continuation of a footnote definition
      } else {
        inDefinition = false;
      }
    }
    current.push(line);
    currentLength += line.length + 1;
    previousBlank = blank;
  }
  if (current.length) chunks.push(current.join('\n'));
  if (chunks.length <= 1 || definitions.length === 0) return chunks;
  const shared = definitions.join('\n');
  if (shared.length > MAX_SHARED_DEFINITIONS) return chunks;
  return chunks.map((chunk) => `${chunk}\n\n${shared}\n`);
}

import type { BytemdPlugin } from 'bytemd';
import { getProcessor } from 'cloudclip-bytemd-processor';
import { viewerPluginsFor } from '../lib/markdown/markdown-processor';
import { splitMarkdown } from '../lib/markdown/markdown-chunks';
import { Slugger, USER_CONTENT_PREFIX } from '../lib/markdown/heading-slugs';
import type { OutlineHeading } from '../lib/markdown/markdown-view';

/**
 * A paste's Markdown rendered on the server with the page's own pipeline (bytemd's getProcessor
 * with the viewer's plugins: same sanitizing), cut into the same chunks (splitMarkdown), plus what
 * the page sets on the rendered DOM: heading ids (MarkdownView's assignHeadingIds: a Slugger over
 * the heading's text, document-wide) and its accessibility touches (`enhance`: pre and table in the
 * tab order, task-list checkboxes named after their item). Those run as a last rehype step, after
 * sanitizing, as the page does them after its sanitized HTML is in the DOM.
 */

export interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** DOM textContent of a hast node. */
function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type !== 'element' && node.type !== 'root') return '';
  return (node.children ?? []).map(textOf).join('');
}

function classes(node: HastNode): string[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

/** The document being rendered: one Slugger across its chunks, its headings in order. */
let current: { slugger: Slugger; headings: OutlineHeading[] } | null = null;

function mark(node: HastNode): void {
  if (node.type === 'element' && node.tagName) {
    const properties = (node.properties ??= {});
    const tag = node.tagName;
    if (/^h[1-6]$/.test(tag) && current && !classes(node).includes('sr-only')) {
      const text = textOf(node).trim();
      const id = `${USER_CONTENT_PREFIX}${current.slugger.slug(text)}`;
      properties.id = id;
      current.headings.push({ id, level: Number(tag.slice(1)), text });
    }
    if ((tag === 'pre' || tag === 'table') && properties.tabIndex === undefined) properties.tabIndex = 0;
    if (tag === 'li') {
      for (const child of node.children ?? []) {
        if (child.type === 'element' && child.tagName === 'input' && child.properties?.type === 'checkbox') {
          const text = textOf(node).trim().slice(0, 120);
          if (text) child.properties.ariaLabel = text;
        }
      }
    }
  }
  for (const child of node.children ?? []) mark(child);
}

/** Marks a sanitized tree as the page marks its DOM; `slugger` and `headings` span the document. */
export function markTree(tree: HastNode, slugger: Slugger, headings: OutlineHeading[]): void {
  const saved = current;
  current = { slugger, headings };
  try {
    mark(tree);
  } finally {
    current = saved;
  }
}

const pageMarks: BytemdPlugin = {
  rehype: (processor) => processor.use(() => (tree: HastNode) => mark(tree)),
};

type HtmlProcessor = ReturnType<typeof getProcessor>;
let processor: HtmlProcessor | null = null;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface RenderedMarkdown {
  /** The rendered chunks, each `<div class="cp-md-chunk">`. */
  html: string;
  rendered: number;
  total: number;
  headings: OutlineHeading[];
}

/** A document's rendering so far: later renderings of the same text go on from here. */
interface Progress {
  chunks: string[];
  parts: string[];
  slugger: Slugger;
  headings: OutlineHeading[];
  size: number;
}

/**
 * Renderings by source text, least recently used first, bounded by count and size: a paste read
 * again (its views count changed, its text did not) costs no Markdown rendering, and a document
 * too long for one budget gets further with every reading.
 */
const progressCache = new Map<string, Progress>();
const CACHE_MAX_ENTRIES = 64;
const CACHE_MAX_CHARS = 8 * 1024 * 1024;
let cachedChars = 0;

function remember(source: string, progress: Progress): void {
  const previous = progressCache.get(source);
  if (previous) {
    cachedChars -= previous.size;
    progressCache.delete(source);
  }
  progress.size = source.length + progress.parts.reduce((sum, part) => sum + part.length, 0);
  progressCache.set(source, progress);
  cachedChars += progress.size;
  while (progressCache.size > CACHE_MAX_ENTRIES || (cachedChars > CACHE_MAX_CHARS && progressCache.size > 1)) {
    const [oldest, entry] = progressCache.entries().next().value as [string, Progress];
    progressCache.delete(oldest);
    cachedChars -= entry.size;
  }
}

/**
 * Renders `source` chunk by chunk until every chunk is in or `budgetMs` is spent (at least one more
 * chunk than an earlier rendering of the same text got to).
 */
export function renderMarkdown(source: string, budgetMs: number): RenderedMarkdown {
  processor ??= getProcessor({ plugins: [...viewerPluginsFor(false), pageMarks] });
  const progress = progressCache.get(source) ?? { chunks: splitMarkdown(source), parts: [], slugger: new Slugger(), headings: [], size: 0 };
  const { chunks, parts } = progress;
  const started = performance.now();
  current = { slugger: progress.slugger, headings: progress.headings };
  try {
    for (let index = parts.length; index < chunks.length; index += 1) {
      const chunk = chunks[index]!;
      let html: string;
      try {
        html = String(processor.processSync(chunk));
      } catch {
        // As the page does (markdownToHtml): the text as it is.
        html = `<pre tabindex="0">${escapeHtml(chunk)}</pre>`;
      }
      parts.push(`<div class="cp-md-chunk">${html}</div>`);
      if (performance.now() - started >= budgetMs) break;
    }
  } finally {
    current = null;
  }
  remember(source, progress);
  return { html: parts.join(''), rendered: parts.length, total: chunks.length, headings: [...progress.headings] };
}

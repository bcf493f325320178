import type { BytemdPlugin } from 'bytemd';
import { getProcessor } from 'cloudclip-bytemd-processor';
import gfm from '@bytemd/plugin-gfm';
import highlight from '@bytemd/plugin-highlight';
import math from '@bytemd/plugin-math';
import mermaid from '@bytemd/plugin-mermaid';
import { prepareRawHtml } from './raw-html-on-demand';

/**
 * The one Markdown pipeline of this remote: bytemd's `getProcessor` (remark-parse → plugin remark
 * steps → remark-rehype → rehype-raw → rehype-sanitize with bytemd's schema, untouched → plugin
 * rehype steps → stringify). Editor preview, paste view and file view all render through it.
 * rehype-raw is loaded only for documents that may contain HTML (raw-html-on-demand.ts): call
 * `prepareMarkdown` before `markdownToHtml`.
 *
 * Plugins: GFM (tables, task lists, strikethrough, autolinks, footnotes), math (KaTeX, MathML
 * output so no font/CSS download), highlight.js and Mermaid — the last three only run on the
 * rendered DOM and load their libraries when a document needs them.
 */

export interface PluginOptions {
  dark: boolean;
  /** Toolbar texts of the plugins (editor only). */
  locales?: { gfm?: Record<string, string>; math?: Record<string, string>; mermaid?: Record<string, string> };
}

export function createPlugins({ dark, locales = {} }: PluginOptions): BytemdPlugin[] {
  return [
    gfm({ locale: locales.gfm }),
    math({ locale: locales.math, katexOptions: { output: 'mathml', throwOnError: false, trust: false } }),
    // Mermaid blocks are drawn by the Mermaid plugin: tell highlight.js they are plain text.
    highlight({ init: (hljs) => hljs.registerAliases(['mermaid'], { languageName: 'plaintext' }) }),
    // 'strict' (Mermaid's default, stated explicitly): labels are sanitized, click handlers are off.
    mermaid({ locale: locales.mermaid, securityLevel: 'strict', theme: dark ? 'dark' : 'default' }),
  ];
}

const viewerPlugins = new Map<boolean, BytemdPlugin[]>();

/** The plugins of the viewer for a theme (one instance per theme, so Mermaid loads once per theme). */
export function viewerPluginsFor(dark: boolean): BytemdPlugin[] {
  let plugins = viewerPlugins.get(dark);
  if (!plugins) {
    plugins = createPlugins({ dark });
    viewerPlugins.set(dark, plugins);
  }
  return plugins;
}

type HtmlProcessor = ReturnType<typeof getProcessor>;
let processor: HtmlProcessor | null = null;

/** HTML of recently rendered chunks, by source: typing in a large document re-renders only what changed. */
const htmlCache = new Map<string, string>();
const HTML_CACHE_LIMIT = 600;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The cached HTML of a source, if it was rendered recently (here or in the Markdown worker). */
export function cachedHtml(source: string): string | undefined {
  const cached = htmlCache.get(source);
  if (cached !== undefined) {
    // Refresh its position (Map keeps insertion order: oldest first).
    htmlCache.delete(source);
    htmlCache.set(source, cached);
  }
  return cached;
}

/** Keeps the HTML of a source (rendered by the Markdown worker with this same pipeline). */
export function cacheHtml(source: string, html: string): void {
  htmlCache.delete(source);
  htmlCache.set(source, html);
  if (htmlCache.size > HTML_CACHE_LIMIT) {
    const oldest = htmlCache.keys().next().value;
    if (oldest !== undefined) htmlCache.delete(oldest);
  }
}

/** For tests: forget every rendered chunk. */
export function clearHtmlCache(): void {
  htmlCache.clear();
}

/**
 * Null when `source` can be rendered at once; else a promise that settles once it can (it loads
 * the raw-HTML step). If that load fails, `markdownToHtml` shows such a document as plain text.
 */
export function prepareMarkdown(source: string): Promise<void> | null {
  return prepareRawHtml(source);
}

/** Sanitized HTML of a Markdown source (the HTML does not depend on the theme). */
export function markdownToHtml(source: string): string {
  const cached = cachedHtml(source);
  if (cached !== undefined) return cached;
  processor ??= getProcessor({ plugins: viewerPluginsFor(false) });
  let html: string;
  try {
    html = String(processor.processSync(source));
  } catch (error) {
    console.error('[cloudclip_public] Markdown rendering failed', error);
    html = `<pre>${escapeHtml(source)}</pre>`;
  }
  cacheHtml(source, html);
  return html;
}

/** Runs the plugins' DOM effects (highlighting, formulas, diagrams) on a freshly rendered element. */
export function runViewerEffects(plugins: BytemdPlugin[], element: HTMLElement): void {
  for (const plugin of plugins) {
    try {
      plugin.viewerEffect?.({ markdownBody: element, file: undefined as never });
    } catch (error) {
      console.error('[cloudclip_public] Markdown plugin failed', error);
    }
  }
}

import { useEffect, useMemo, useRef } from 'react';
import { getProcessor } from 'cloudclip-bytemd-processor';
import gfm from '@bytemd/plugin-gfm';
import hljs from 'highlight.js/lib/common';

let processor: ReturnType<typeof getProcessor> | null = null;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markdown → HTML through bytemd's pipeline with its sanitize schema untouched (script, iframe, on*, javascript: removed). */
export function renderMarkdown(source: string): string {
  processor ??= getProcessor({ plugins: [gfm()] });
  try {
    return String(processor.processSync(source));
  } catch {
    return `<pre>${escapeHtml(source)}</pre>`;
  }
}

/** Rendered, sanitized Markdown; code blocks highlighted after sanitizing (highlight.js re-escapes their text). */
export default function MarkdownView({ text, label }: { text: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const html = useMemo(() => renderMarkdown(text), [text]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.innerHTML = html;
    element.querySelectorAll<HTMLElement>('pre').forEach((block) => (block.tabIndex = 0));
    element.querySelectorAll<HTMLElement>('pre code[class*="language-"]').forEach((block) => {
      const language = /language-([\w-]+)/.exec(block.className)?.[1];
      if (language && hljs.getLanguage(language)) hljs.highlightElement(block);
    });
    element.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((anchor) => {
      if (!anchor.getAttribute('href')?.startsWith('#')) anchor.rel = 'noopener noreferrer nofollow';
    });
  }, [html]);
  return <div ref={ref} className="ce-markdown" role="region" aria-label={label} data-testid="preview-markdown" />;
}

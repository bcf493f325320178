import hljs from 'highlight.js/lib/common';
import { useMemo } from 'react';

/** Up to this length code is highlighted; longer text is shown plain. */
export const HIGHLIGHT_MAX_CHARS = 256 * 1024;

/** Highlighted code (highlight.js escapes the text it wraps in spans; nothing else is injected). */
export default function CodeView({ text, language, label }: { text: string; language: string; label: string }) {
  const html = useMemo(() => {
    if (text.length > HIGHLIGHT_MAX_CHARS || language === 'plaintext' || !hljs.getLanguage(language)) return null;
    try {
      return hljs.highlight(text, { language, ignoreIllegals: true }).value;
    } catch {
      return null;
    }
  }, [text, language]);
  return (
    <pre className="ce-code" tabIndex={0} aria-label={label} data-testid="preview-code" data-language={html ? language : 'plaintext'}>
      {html ? <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} /> : <code>{text}</code>}
    </pre>
  );
}

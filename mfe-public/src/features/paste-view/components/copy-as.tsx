import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { copyFormatted, formattedHtmlOf } from '../copy/formatted-copy';
import { useCopyFeedback, type CopyState } from '@cloudclip/shared-kernel';

/** How long a button reads "Copied" (as the kernel's useCopyFeedback). */
const FEEDBACK_MS = 2000;

/** useCopyFeedback's states for a copy that is not plain text. */
function useFormattedFeedback(): { state: CopyState; copy: (html: string, text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (html: string, text: string) => {
    const copied = await copyFormatted(html, text);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return copied;
  }, []);
  return { state, copy };
}

interface CopyAsProps {
  /** The paste's Markdown (for an encrypted paste: the decrypted text). */
  markdown: string;
  /** The rendered paste (the Markdown view), read when "formatted text" is clicked. */
  content: RefObject<HTMLElement>;
  /** The Markdown view has rendered the whole document. */
  rendered: boolean;
}

/**
 * The copy buttons of a paste, side by side: its Markdown as plain text, or the text as shown
 * (HTML, with the Markdown as the plain-text alternative) for a mail or a document.
 */
export function CopyAs({ markdown, content, rendered }: CopyAsProps) {
  const { t } = useTranslation(NAMESPACE);
  const asMarkdown = useCopyFeedback(FEEDBACK_MS);
  const formatted = useFormattedFeedback();
  // Stays until the next attempt (a message that vanished after two seconds could not be read).
  const [failed, setFailed] = useState(false);

  const copyMarkdown = () => {
    setFailed(false);
    void asMarkdown.copy(markdown).then((copied) => setFailed(!copied));
  };
  const copyAsFormatted = () => {
    const view = content.current?.querySelector<HTMLElement>('.markdown-body') ?? content.current;
    if (!view || !rendered) return;
    setFailed(false);
    // Straight from the click: the clipboard may only be written while the click is handled.
    void formatted.copy(formattedHtmlOf(view), markdown).then((copied) => setFailed(!copied));
  };
  const label = (state: CopyState, idle: string) => (state === 'copied' ? t('common:actions.copied') : idle);
  const announced = asMarkdown.state === 'copied' || formatted.state === 'copied';

  return (
    <>
      <div className="cp-copy-as" role="group" aria-label={t('paste.copyAs')} data-testid="paste-copy-as">
        <button type="button" className="cc-button" data-testid="copy-content" data-state={asMarkdown.state} onClick={copyMarkdown}>
          {label(asMarkdown.state, t('paste.copyMarkdown'))}
        </button>
        <button
          type="button"
          className="cc-button"
          data-testid="copy-formatted"
          data-state={formatted.state}
          disabled={!rendered}
          onClick={copyAsFormatted}
        >
          {label(formatted.state, t('paste.copyFormatted'))}
        </button>
      </div>
      <span className="cc-visually-hidden" role="status">
        {announced ? t('common.copiedAnnouncement') : ''}
      </span>
      {failed && (
        <p className="cc-alert cc-alert--error cp-copy-as__error" role="alert" data-testid="copy-failed">
          {t('paste.copyFailed')}
        </p>
      )}
    </>
  );
}

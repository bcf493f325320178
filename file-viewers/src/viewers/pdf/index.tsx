import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import type { ViewerProps } from '../../types';
import { DocumentView } from './document-view';
import { pdfFailure } from './logic';
import type { PageSize } from './page-view';
import { openPdf, PasswordResponses, type PDFDocumentLoadingTask, type PDFDocumentProxy } from './pdfjs';
import './pdf.css';

type State =
  | { status: 'loading' }
  | { status: 'password'; wrong: boolean; answer: (password: string) => void }
  | { status: 'ready'; doc: PDFDocumentProxy; firstSize: PageSize };

function PasswordForm({ wrong, onSubmit, label }: { wrong: boolean; onSubmit: (password: string) => void; label: string }) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    if (wrong) input.current?.select();
  }, [wrong]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <div className="cv-pdf cv-pdf--password" data-testid="viewer-pdf" role="region" aria-label={label}>
      <form className="cv-pdf-password" onSubmit={submit} data-testid="pdf-password-form">
        <h2 className="cv-pdf-password__title">{t('pdf.passwordTitle')}</h2>
        <p className="cv-pdf-password__hint">{t('pdf.passwordHint')}</p>
        <label className="cv-pdf-password__label">
          <span>{t('pdf.passwordLabel')}</span>
          <input
            ref={input}
            className="cc-input cv-pdf-password__input"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={wrong}
            aria-describedby={wrong ? 'cv-pdf-password-error' : undefined}
          />
        </label>
        {wrong && (
          <p className="cv-pdf-password__error" id="cv-pdf-password-error" role="alert">
            {t('pdf.passwordWrong')}
          </p>
        )}
        <button type="submit" className="cc-button cc-button--primary">
          {t('pdf.passwordSubmit')}
        </button>
      </form>
    </div>
  );
}

/**
 * PDF with pdf.js: pages drawn on canvases as they come near the viewport, a text layer over each
 * (selectable, found by the browser's find), the viewer's own find over every page's text, page
 * navigation and zoom. A password-protected file asks for its password; a damaged one falls back to
 * the download.
 */
export default function PdfViewer({ source, label, onError }: ViewerProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const report = useRef(onError);
  report.current = onError;

  useEffect(() => {
    let stopped = false;
    let task: PDFDocumentLoadingTask | null = null;
    setState({ status: 'loading' });
    const fail = (error: unknown) => {
      if (!stopped) report.current(pdfFailure(error));
    };
    openPdf(source)
      .then(async (opened) => {
        task = opened;
        if (stopped) {
          void opened.destroy();
          return;
        }
        opened.onPassword = (answer: (password: string) => void, reason: number) => {
          if (stopped) return;
          setState({
            status: 'password',
            wrong: reason === PasswordResponses.INCORRECT_PASSWORD,
            answer: (password) => {
              setState({ status: 'loading' });
              answer(password);
            },
          });
        };
        const doc = await opened.promise;
        if (stopped) return;
        if (doc.numPages < 1) throw new Error('No pages');
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (stopped) return;
        setState({ status: 'ready', doc, firstSize: { width: first.width, height: first.height } });
      })
      .catch(fail);
    return () => {
      stopped = true;
      void task?.destroy();
    };
  }, [source]);

  if (state.status === 'password') return <PasswordForm wrong={state.wrong} onSubmit={state.answer} label={label} />;
  if (state.status === 'loading') return <ViewerLoading />;
  return <DocumentView doc={state.doc} firstSize={state.firstSize} label={label} onError={onError} />;
}

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FileViewer,
  useWrapPreference,
  ViewerError,
  VIEWERS_NAMESPACE,
  viewerKind,
  type FileSource,
  type ViewerKind,
  type ViewerProps,
} from '@cloudclip/file-viewers';
import type { PublicFile } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Loading } from '../../../components/loading';
import { earlyFileTextLoad, fetchFileText, type FileLinks } from '../api/file-api';
import { previewsText } from '../utils/file-kind';

/**
 * The Markdown pipeline (~90 KB compressed) renders Markdown files. It is not part of the page:
 * plain text shows as it is and never loads it, nor any viewer chunk of the file-viewers layer.
 */
const loadMarkdownView = () => import(/* webpackChunkName: "markdown-view" */ '../../../lib/markdown/markdown-view');
const MarkdownView = lazy(() => loadMarkdownView().then((m) => ({ default: m.MarkdownView })));

/**
 * The page's own viewer of a small Markdown or plain-text file (utils/file-kind.ts `previewsText`),
 * given to the layer as its viewer for those kinds: the text the remote asked for with the page's
 * details (app.tsx, preloadPage) is shown in the first render, without a viewer chunk.
 */
function FastText({ source, kind, label, onError }: ViewerProps) {
  const { t } = useTranslation(NAMESPACE);
  const url = source.url ?? '';
  const markdown = kind === 'markdown';
  // The text the remote's early request already has (app.tsx, preloadPage): the first render shows it.
  const [shownFirst] = useState(() => earlyFileTextLoad.settled(url));
  const [text, setText] = useState<string | null>(shownFirst?.value ?? null);

  useEffect(() => {
    const controller = new AbortController();
    // The pipeline downloads while the text does.
    if (markdown) loadMarkdownView().catch(() => undefined);
    // The text the remote started with the page's details (app.tsx, preloadPage), else a new request.
    const early = earlyFileTextLoad.started(url);
    // The first render showed this address's early text: nothing to reset (setting the same text
    // again below changes nothing).
    if (shownFirst === null || earlyFileTextLoad.settled(url) !== shownFirst) setText(null);
    (early ?? fetchFileText(url, controller.signal)).then(
      (value) => {
        if (early) earlyFileTextLoad.forget(early);
        if (!controller.signal.aborted) setText(value);
      },
      (error: unknown) => {
        if (early) earlyFileTextLoad.forget(early);
        if (!controller.signal.aborted) onError(new ViewerError('unreachable', error instanceof Error ? error.message : undefined));
      },
    );
    return () => controller.abort();
  }, [url, markdown, shownFirst, onError]);

  if (text === null) return <Loading label={t('file.loadingPreview')} />;
  if (markdown)
    return (
      <Suspense fallback={<Loading label={t('file.loadingPreview')} />}>
        <MarkdownView value={text} testId="file-markdown" label={label} />
      </Suspense>
    );
  return <PlainText text={text} label={label} />;
}

/** Up to this many lines a plain text gets line numbers (one element per line); longer ones none. */
export const NUMBERED_LINES_MAX = 20_000;

/**
 * A plain text as it is, with line numbers (CSS counters: never copied with the text) and the
 * site's wrap toggle (the same remembered choice as the layer's code viewer).
 */
function PlainText({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const [wrap, setWrap] = useWrapPreference();
  const lines = useMemo(() => {
    const all = text.replace(/\r?\n$/, '').split(/\r?\n/);
    return all.length <= NUMBERED_LINES_MAX ? all : null;
  }, [text]);
  return (
    <div className="cp-plain">
      <div className="cp-plain__bar">
        <label className="cp-plain__wrap">
          <input type="checkbox" checked={wrap} onChange={(event) => setWrap(event.target.checked)} data-testid="file-text-wrap" />
          {t('code.wrap')}
        </label>
      </div>
      <pre
        className={`cp-code cp-code--plain${wrap ? ' cp-code--wrap' : ''}${lines ? ' cp-code--numbered' : ''}`}
        tabIndex={0}
        aria-label={label}
        data-testid="file-text"
      >
        {lines ? (
          <code>
            {lines.map((line, index) => (
              <span key={index} className="cp-line">
                {line}
                {'\n'}
              </span>
            ))}
          </code>
        ) : (
          <code>{text}</code>
        )}
      </pre>
    </div>
  );
}

/** The page's fast path, for the files `previewsText` accepts (Markdown and plain text up to 2 MB). */
const FAST_PATH: Partial<Record<ViewerKind, typeof FastText>> = { markdown: FastText, code: FastText };

/**
 * The file shown by the file-viewers layer (one lazily loaded chunk per kind: PDF, documents,
 * spreadsheets, slides, e-books, archives, media, images, code), or its download card with the
 * reason when the browser cannot show it. Small Markdown and plain-text files keep the page's own
 * fast path (FastText).
 */
/** Kinds whose files a contract server may send to an online viewer from the inline link. */
const OFFICE_KINDS: ReadonlySet<ViewerKind> = new Set<ViewerKind>(['document', 'spreadsheet', 'slides']);

export function FilePreview({ file, links }: { file: PublicFile; links: FileLinks }) {
  const { t } = useTranslation(NAMESPACE);
  const kind = viewerKind(file.filename, file.mimetype);
  // One source object per file and address: the layer starts over only when the file changes.
  const { filename, size, mimetype } = file;
  // The inline link of an Office or OpenDocument file answers 302 to Microsoft's online viewer
  // (contract §5.4.6, /api/file-view); the viewers read the bytes here instead, from the download
  // link (same bytes, byte ranges too), so the file never leaves this instance.
  const url = OFFICE_KINDS.has(kind) ? links.download : links.preview;
  const source = useMemo<FileSource>(() => ({ name: filename, size, contentType: mimetype, url }), [filename, size, mimetype, url]);
  return (
    <section className="cc-card cp-file-preview" aria-label={t('file.preview')} data-testid="file-preview" data-kind={kind}>
      <FileViewer source={source} kind={kind} download={{ href: links.download }} overrides={previewsText(file) ? FAST_PATH : undefined} />
    </section>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type PublicFile } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Loading } from '../../../components/loading';
import { earlyFileTextLoad, fetchFileText, type FileLinks } from '../api/file-api';
import { codeBlockMarkdown, codeLanguage, fileKind, PLAIN_TEXT_LANGUAGE, previewsText, TEXT_PREVIEW_MAX_BYTES } from '../utils/file-kind';

/**
 * The Markdown pipeline (~90 KB compressed) renders Markdown files and highlights code. It is not
 * part of the page: a code file shows as plain text at once, highlighted once the pipeline is in;
 * plain text (no language to highlight), images, media, PDFs and downloads never load it.
 */
const loadMarkdownView = () => import(/* webpackChunkName: "markdown-view" */ '../../../lib/markdown/markdown-view');
const MarkdownView = lazy(() => loadMarkdownView().then((m) => ({ default: m.MarkdownView })));

/** Up to this size code is highlighted; above it, shown as plain text. */
export const HIGHLIGHT_MAX_BYTES = 256 * 1024;

function TextPreview({ file, url, markdown }: { file: PublicFile; url: string; markdown: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  // The text the remote's early request already has (app.tsx, preloadPage): the first render shows it.
  const [shownFirst] = useState(() => earlyFileTextLoad.settled(url));
  const [text, setText] = useState<string | null>(shownFirst?.value ?? null);
  const [failed, setFailed] = useState(false);
  const language = markdown ? null : codeLanguage(file.filename, file.mimetype);
  const usesPipeline = language !== PLAIN_TEXT_LANGUAGE;

  useEffect(() => {
    const controller = new AbortController();
    // The pipeline downloads while the text does (a code file larger than the highlighting limit
    // never needs it, but its size is only known once it is here).
    if (usesPipeline) loadMarkdownView().catch(() => undefined);
    // The text the remote started with the page's details (app.tsx, preloadPage), else a new request.
    const early = earlyFileTextLoad.started(url);
    // The first render showed this address's early text: nothing to reset (setting the same text
    // again below changes nothing).
    if (shownFirst === null || earlyFileTextLoad.settled(url) !== shownFirst) {
      setText(null);
      setFailed(false);
    }
    (early ?? fetchFileText(url, controller.signal)).then(
      (value) => {
        if (early) earlyFileTextLoad.forget(early);
        if (!controller.signal.aborted) setText(value);
      },
      () => {
        if (early) earlyFileTextLoad.forget(early);
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [url, usesPipeline, shownFirst]);

  if (failed)
    return (
      <p className="cc-alert cc-alert--error" role="alert" data-testid="preview-failed">
        {t('file.previewFailed')}
      </p>
    );
  if (text === null) return <Loading label={t('file.loadingPreview')} />;
  if (markdown)
    return (
      <Suspense fallback={<Loading label={t('file.loadingPreview')} />}>
        <MarkdownView value={text} testId="file-markdown" label={t('file.preview')} />
      </Suspense>
    );
  const plain = <PlainText text={text} />;
  if (!language || language === PLAIN_TEXT_LANGUAGE || text.length > HIGHLIGHT_MAX_BYTES) return plain;
  return (
    <Suspense fallback={plain}>
      <div className="cp-code" data-testid="file-text">
        <MarkdownView value={codeBlockMarkdown(text, language)} label={t('file.preview')} />
      </div>
    </Suspense>
  );
}

/** A text file as it is (too large to highlight, or until the highlighter has loaded). */
function PlainText({ text }: { text: string }) {
  return (
    <pre className="cp-code cp-code--plain" tabIndex={0} data-testid="file-text">
      <code>{text}</code>
    </pre>
  );
}

/** Typed preview: image, video, audio, PDF, text/code (highlighted), Markdown (rendered), else a download card. */
export function FilePreview({ file, links }: { file: PublicFile; links: FileLinks }) {
  const { t } = useTranslation(NAMESPACE);
  const kind = fileKind(file.mimetype, file.filename);
  const tooLarge = (kind === 'text' || kind === 'markdown') && !previewsText(file);

  let body;
  if (tooLarge || kind === 'other') {
    body = (
      <div className="cp-download-card" data-testid="download-card">
        <div className="cp-download-card__icon" aria-hidden="true">
          {(file.filename.split('.').pop() ?? '').slice(0, 4).toUpperCase() || 'FILE'}
        </div>
        <p className="cp-download-card__name">{file.filename}</p>
        <p className="cc-muted">
          {tooLarge ? t('file.tooLargeToPreview', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES) }) : t('file.noPreview')}
        </p>
        <a className="cc-button cc-button--primary" href={links.download} data-testid="download-card-link">
          {t('file.download')} ({formatBytes(file.size)})
        </a>
      </div>
    );
  } else if (kind === 'image') {
    body = <img className="cp-file-preview__image" src={links.preview} alt={file.filename} data-testid="preview-image" />;
  } else if (kind === 'video') {
    body = (
      <video className="cp-file-preview__media" src={links.preview} controls preload="metadata" data-testid="preview-video">
        {t('file.noMediaSupport')}
      </video>
    );
  } else if (kind === 'audio') {
    body = (
      <audio
        className="cp-file-preview__audio"
        src={links.preview}
        controls
        preload="metadata"
        data-testid="preview-audio"
        aria-label={file.filename}
      />
    );
  } else if (kind === 'pdf') {
    body = (
      <iframe
        className="cp-file-preview__pdf"
        src={links.preview}
        title={t('file.pdfTitle', { name: file.filename })}
        data-testid="preview-pdf"
      />
    );
  } else {
    body = <TextPreview file={file} url={links.preview} markdown={kind === 'markdown'} />;
  }

  return (
    <section
      className="cc-card cp-file-preview"
      aria-label={t('file.preview')}
      data-testid="file-preview"
      data-kind={tooLarge ? 'too-large' : kind}
    >
      {body}
    </section>
  );
}

import type { FsApi } from '../../../lib/fs-api';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type FsFileInfo, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/format';
import { readTextFile, TEXT_PREVIEW_MAX_BYTES } from '../api/read-text';
import { codeLanguage, isEditableText, previewKind, type PreviewKind } from '../utils/file-kind';

// Highlighting and Markdown are only downloaded when a text or Markdown file is opened.
const CodeView = lazy(() => import(/* webpackChunkName: "preview-code" */ './code-view'));
const MarkdownView = lazy(() => import(/* webpackChunkName: "preview-markdown" */ './markdown-view'));

export interface PreviewPanelProps {
  fs: FsApi;
  /** File path. */
  path: string;
  name: string;
  onClose: () => void;
  onDownload: () => void;
  onLink: () => void;
  onEdit?: () => void;
  /** Changes when the file was edited (the text is read again). */
  version?: number;
}

function TextBody({ fs, info, markdown, label }: { fs: FsApi; info: FsFileInfo; markdown: boolean; label: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setText(null);
    setError(null);
    readTextFile(fs, info.path, controller.signal).then(setText, (caught) => !controller.signal.aborted && setError(errorMessage(caught)));
    return () => controller.abort();
  }, [fs, info.path, info.etag, info.modified]);
  if (error)
    return (
      <p className="cc-alert cc-alert--error" role="alert" data-testid="preview-error">
        {t('preview.failed')} {error}
      </p>
    );
  if (text === null) return <Loading label={t('preview.loading')} />;
  return (
    <Suspense fallback={<Loading label={t('preview.loading')} />}>
      {markdown ? <MarkdownView text={text} label={label} /> : <CodeView text={text} language={codeLanguage(info.name)} label={label} />}
    </Suspense>
  );
}

/** The file opened by the `preview` query parameter, previewed in place by type; else a download card. */
export default function PreviewPanel({ fs, path, name, onClose, onDownload, onLink, onEdit, version = 0 }: PreviewPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [info, setInfo] = useState<FsFileInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setInfo(null);
    setError(null);
    fs.get(path, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.isDirectory) setError(t('preview.notAFile'));
        else setInfo(result);
      },
      (caught) => !controller.signal.aborted && setError(errorMessage(caught)),
    );
    return () => controller.abort();
  }, [fs, path, version, t]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [path]);

  const kind: PreviewKind | null = info ? previewKind(info.name, info.contentType) : null;
  const tooLarge = (kind === 'code' || kind === 'markdown') && !!info && info.size > TEXT_PREVIEW_MAX_BYTES;
  const label = t('preview.contentOf', { name });

  let body;
  if (error)
    body = (
      <p className="cc-alert cc-alert--error" role="alert" data-testid="preview-error">
        {error}
      </p>
    );
  else if (!info || !kind) body = <Loading label={t('preview.loading')} />;
  else if (kind === 'other' || tooLarge)
    body = (
      <div className="ce-download-card" data-testid="preview-download-card">
        <span className="ce-icon ce-icon--large" aria-hidden="true">
          {(name.split('.').pop() ?? '').slice(0, 4).toUpperCase() || 'FILE'}
        </span>
        <p>{tooLarge ? t('preview.tooLarge', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES) }) : t('preview.noPreview')}</p>
        <button type="button" className="cc-button cc-button--primary" onClick={onDownload} data-testid="preview-download-card-button">
          {t('preview.downloadSize', { size: formatBytes(info.size) })}
        </button>
      </div>
    );
  else if (kind === 'image') body = <img className="ce-preview__image" src={info.preview_url} alt={name} data-testid="preview-image" />;
  else if (kind === 'video')
    body = (
      <video
        className="ce-preview__media"
        src={info.preview_url}
        controls
        preload="metadata"
        data-testid="preview-video"
        aria-label={label}
      >
        {t('preview.noMedia')}
      </video>
    );
  else if (kind === 'audio')
    body = (
      <audio
        className="ce-preview__audio"
        src={info.preview_url}
        controls
        preload="metadata"
        data-testid="preview-audio"
        aria-label={label}
      />
    );
  else if (kind === 'pdf') body = <iframe className="ce-preview__pdf" src={info.preview_url} title={label} data-testid="preview-pdf" />;
  else body = <TextBody fs={fs} info={info} markdown={kind === 'markdown'} label={label} />;

  return (
    <section
      className="cc-card ce-preview"
      aria-labelledby="ce-preview-title"
      data-testid="preview-panel"
      data-kind={tooLarge ? 'too-large' : (kind ?? 'loading')}
    >
      <div className="ce-preview__head">
        <h2 id="ce-preview-title" ref={headingRef} tabIndex={-1} className="ce-preview__title">
          {name}
        </h2>
        {info && (
          <p className="cc-muted ce-preview__meta">
            {formatBytes(info.size)} · {formatDateTime(info.modified, i18n.language)}
          </p>
        )}
        <div className="ce-preview__actions">
          <button type="button" className="cc-button" onClick={onDownload} data-testid="preview-download">
            {t('actions.download')}
          </button>
          <button type="button" className="cc-button" onClick={onLink} data-testid="preview-link">
            {t('actions.link')}
          </button>
          {onEdit && info && isEditableText(name) && !tooLarge && (
            <button type="button" className="cc-button" onClick={onEdit} data-testid="preview-edit">
              {t('actions.edit')}
            </button>
          )}
          <button type="button" className="cc-button" onClick={onClose} data-testid="preview-close">
            {t('preview.close')}
          </button>
        </div>
      </div>
      <div className="ce-preview__body">{body}</div>
    </section>
  );
}

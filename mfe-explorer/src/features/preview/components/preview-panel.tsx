import type { FsApi } from '../../../lib/fs-api';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileViewer, isTextKind, viewerKind, type FileSource, type ViewerKind, type ViewerProps } from '@cloudclip/file-viewers';
import { formatBytes, type FsFileInfo, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { TextButton } from '../../../components/text-button';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/format';
import { TEXT_PREVIEW_MAX_BYTES } from '../api/read-text';
import { companionsOf } from '../api/siblings';

// The explorer's Markdown rendering (bytemd's sanitized pipeline) is only downloaded when a Markdown file is opened.
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

/** A small Markdown file rendered by the explorer's own pipeline, given to the layer as its Markdown viewer. */
function MarkdownText({ source, label, onError }: ViewerProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    (source.blob ?? new Blob([])).text().then(
      (value) => live && setText(value),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [source, onError]);
  if (text === null) return <Loading label={t('preview.loading')} />;
  return (
    <Suspense fallback={<Loading label={t('preview.loading')} />}>
      <MarkdownView text={text} label={label} />
    </Suspense>
  );
}

const MARKDOWN_OVERRIDE: Partial<Record<ViewerKind, typeof MarkdownText>> = { markdown: MarkdownText };

/** Text files up to TEXT_PREVIEW_MAX_BYTES are read through `fs/download` (authorised: no storage CORS needed), larger ones and every other kind from the storage's preview address. */
function readsThroughDownload(kind: ViewerKind, size: number): boolean {
  return isTextKind(kind) && size <= TEXT_PREVIEW_MAX_BYTES;
}

/**
 * What the layer shows: the file's preview address (images, media, PDFs, documents, archives read
 * it with byte ranges where they can) or, for a small text, its bytes read through `fs/download`;
 * with its neighbours (a video's subtitles), listed only when a viewer asks.
 */
function usePreviewSource(
  fs: FsApi,
  info: FsFileInfo | null,
  kind: ViewerKind | null,
): { source: FileSource | null; error: string | null } {
  const [read, setRead] = useState<{ info: FsFileInfo; blob: Blob } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const viaDownload = !!info && !!kind && readsThroughDownload(kind, info.size);
  useEffect(() => {
    setRead(null);
    setError(null);
    if (!info || !viaDownload) return undefined;
    const controller = new AbortController();
    fs.download(info.path, controller.signal).then(
      (blob) => !controller.signal.aborted && setRead({ info, blob }),
      (caught) => !controller.signal.aborted && setError(errorMessage(caught)),
    );
    return () => controller.abort();
  }, [fs, info, viaDownload]);
  const source = useMemo<FileSource | null>(() => {
    if (!info) return null;
    const base = { name: info.name, size: info.size, contentType: info.contentType, siblings: companionsOf(fs, info.path, info.name) };
    if (!viaDownload) return { ...base, url: info.preview_url };
    return read?.info === info ? { ...base, blob: read.blob } : null;
  }, [fs, info, viaDownload, read]);
  return { source, error };
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

  const kind: ViewerKind | null = info ? viewerKind(info.name, info.contentType) : null;
  const { source, error: readError } = usePreviewSource(fs, info, kind);
  const label = t('preview.contentOf', { name });
  const shownError = error ?? readError;

  let body;
  if (shownError)
    body = (
      <p className="cc-alert cc-alert--error" role="alert" data-testid="preview-error">
        {error ? error : `${t('preview.failed')} ${readError}`}
      </p>
    );
  else if (!info || !kind || !source) body = <Loading label={t('preview.loading')} />;
  else
    body = (
      <FileViewer
        source={source}
        kind={kind}
        label={label}
        download={{ onClick: onDownload }}
        overrides={readsThroughDownload(kind, info.size) ? MARKDOWN_OVERRIDE : undefined}
      />
    );

  return (
    <section className="cc-card ce-preview" aria-labelledby="ce-preview-title" data-testid="preview-panel" data-kind={kind ?? 'loading'}>
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
          <TextButton onClick={onDownload} testId="preview-download" label={t('actions.download')} />
          <TextButton onClick={onLink} testId="preview-link" label={t('actions.link')} />
          {onEdit && info && kind && isTextKind(kind) && info.size <= TEXT_PREVIEW_MAX_BYTES && (
            <TextButton onClick={onEdit} testId="preview-edit" label={t('actions.edit')} />
          )}
          <TextButton onClick={onClose} testId="preview-close" label={t('preview.close')} />
        </div>
      </div>
      <div className="ce-preview__body">{body}</div>
    </section>
  );
}

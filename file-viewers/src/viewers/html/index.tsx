import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { ViewerError } from '../../errors';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { readBytes } from '../../source';
import type { FileSource, ViewerProps } from '../../types';
import { CodeView, useStableSource } from '../code/code-view';
import { decodeHtml, sandboxDocument, type SandboxedDocument } from './sandbox';
import './html.css';

/** Larger pages are shown as source only (the code viewer streams any size up to its own cap). */
export const RENDER_MAX_BYTES = 5 * 1024 * 1024;

type Loaded = { kind: 'rendered'; page: SandboxedDocument; bytes: Uint8Array } | { kind: 'source-only' };

/**
 * An HTML file, rendered only inside `<iframe sandbox="">` with a CSP that lets no script run and
 * nothing load from any origin (sandbox.ts), or as its highlighted source.
 */
export default function HtmlViewer({ source: given, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const source = useStableSource(given);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mode, setMode] = useState<'rendered' | 'source'>('rendered');
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    setMode('rendered');
    if (source.size > RENDER_MAX_BYTES) {
      setLoaded({ kind: 'source-only' });
      return undefined;
    }
    readBytes(source, { signal: controller.signal, maxBytes: RENDER_MAX_BYTES })
      .then((bytes) => {
        if (controller.signal.aborted) return;
        const page = sandboxDocument(decodeHtml(bytes, source.contentType));
        setLoaded({ kind: 'rendered', page, bytes });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A size the server did not tell: too large to render is still fine as source.
        if (error instanceof ViewerError && error.reason === 'too-large') setLoaded({ kind: 'source-only' });
        else onErrorRef.current(error);
      });
    return () => controller.abort();
  }, [source]);

  // The source view reads the bytes already here rather than the file again.
  const textSource = useMemo<FileSource | null>(() => {
    if (!loaded) return null;
    if (loaded.kind === 'source-only') return source;
    return { name: source.name, size: loaded.bytes.byteLength, contentType: 'text/html', blob: new Blob([loaded.bytes as BlobPart]) };
  }, [loaded, source]);

  if (!loaded || !textSource) return <ViewerLoading />;
  const showing = loaded.kind === 'source-only' ? 'source' : mode;

  return (
    <div className="cv-html cv-stack" data-testid="viewer-html" data-mode={showing}>
      <div className="cv-html-bar">
        <div className="cv-html-modes" role="group" aria-label={t('html.mode')}>
          <button
            type="button"
            className="cc-button cc-button--small"
            aria-pressed={showing === 'rendered'}
            disabled={loaded.kind === 'source-only'}
            onClick={() => setMode('rendered')}
            data-testid="html-rendered"
          >
            {t('html.rendered')}
          </button>
          <button
            type="button"
            className="cc-button cc-button--small"
            aria-pressed={showing === 'source'}
            onClick={() => setMode('source')}
            data-testid="html-source"
          >
            {t('html.source')}
          </button>
        </div>
        {loaded.kind === 'rendered' && loaded.page.title && (
          <span className="cv-html-title" data-testid="html-title">
            {loaded.page.title}
          </span>
        )}
      </div>
      {loaded.kind === 'source-only' && <p className="cv-html-note">{t('html.sourceOnly', { size: formatBytes(RENDER_MAX_BYTES) })}</p>}
      {showing === 'rendered' && loaded.kind === 'rendered' ? (
        <>
          <p className="cv-html-note">{t('html.sandboxed')}</p>
          <iframe
            className="cv-html-frame"
            sandbox=""
            srcDoc={loaded.page.srcdoc}
            referrerPolicy="no-referrer"
            title={t('html.frameTitle', { name: source.name })}
            data-testid="html-frame"
          />
        </>
      ) : (
        <CodeView source={textSource} language="xml" label={label} onError={onError} />
      )}
    </div>
  );
}

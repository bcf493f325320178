import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { extensionOf, readBytes } from '../../source';
import type { FileSource, ViewerProps } from '../../types';
import type { RenderedDocument } from './rendered';
import './document.css';

/** The largest .docx/.odt file read (the unpacked parts are bounded again by the renderers). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

type Format = 'docx' | 'odt';

/** .odt by name or type, or by its package's first entry (`mimetype`, as every ODF zip starts). */
export function documentFormat(source: FileSource, bytes: Uint8Array): Format {
  const ext = extensionOf(source.name);
  const odfEntry = bytes.length > 38 && String.fromCharCode(...bytes.subarray(30, 38)) === 'mimetype';
  if (odfEntry) return 'odt';
  if (ext === 'odt' || ext === 'ott' || /opendocument\.text/.test(source.contentType ?? '')) return 'odt';
  return 'docx';
}

/** Reads the file and renders it with the renderer of its format (each its own module). */
async function renderSource(
  source: FileSource,
  signal: AbortSignal,
  onProgress: (loaded: number, total: number) => void,
): Promise<RenderedDocument> {
  const bytes = await readBytes(source, { signal, maxBytes: MAX_DOCUMENT_BYTES, onProgress });
  if (documentFormat(source, bytes) === 'odt') {
    const { renderOdt } = await import(/* webpackChunkName: "viewer-document-odt" */ './odt');
    return renderOdt(bytes, document);
  }
  const { renderDocx } = await import(/* webpackChunkName: "viewer-document-docx" */ './docx');
  return renderDocx(bytes, document);
}

/** Follows a link to a place in the document inside the viewer, without touching the page's address. */
function followInnerLink(event: MouseEvent<HTMLDivElement>) {
  const anchor = (event.target as Element).closest?.('a[href^="#"]');
  if (!anchor) return;
  event.preventDefault();
  const id = decodeURIComponent(anchor.getAttribute('href')!.slice(1));
  const target = event.currentTarget.ownerDocument.getElementById(id);
  if (target && event.currentTarget.contains(target)) target.scrollIntoView({ block: 'start' });
}

/**
 * The document viewer (.docx with docx-preview, .odt with the viewer's own OpenDocument reader):
 * the document's text, headings, lists, tables and pictures, sanitized, in a scrolling region.
 */
export default function DocumentViewer({ source, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const [rendered, setRendered] = useState<RenderedDocument | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const reportError = useRef(onError);
  reportError.current = onError;
  // A page that builds its source anew at each render must not restart the reading: the effect
  // follows what names the file, not the object.
  const current = useRef(source);
  current.current = source;
  const { url, blob, name, size, contentType } = source;

  useEffect(() => {
    const controller = new AbortController();
    let result: RenderedDocument | null = null;
    let lastProgress = 0;
    setRendered(null);
    setProgress(null);
    const file = current.current;
    renderSource(file, controller.signal, (loaded, total) => {
      // Bytes already in the page need no progress; a download reports at most ten times a second.
      if (file.blob) return;
      const now = Date.now();
      if (now - lastProgress < 100 && loaded !== total) return;
      lastProgress = now;
      if (!controller.signal.aborted) setProgress({ loaded, total });
    })
      .then((done) => {
        if (controller.signal.aborted) done.release();
        else {
          result = done;
          setRendered(done);
        }
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) reportError.current(error);
      });
    return () => {
      controller.abort();
      result?.release();
    };
  }, [url, blob, name, size, contentType]);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element || !rendered) return;
    element.replaceChildren(rendered.node);
    return () => element.replaceChildren();
  }, [rendered]);

  if (!rendered) {
    const text =
      progress && progress.loaded > 0
        ? progress.total > 0
          ? t('layer.progress', { loaded: formatBytes(progress.loaded), total: formatBytes(progress.total) })
          : t('layer.progressUnknown', { loaded: formatBytes(progress.loaded) })
        : undefined;
    return <ViewerLoading label={text} />;
  }
  return (
    <section className="cv-document" data-testid="viewer-document" aria-label={label}>
      {rendered.truncated && (
        <p className="cv-document-notice" role="note" data-testid="document-truncated">
          {t('document.truncated')}
        </p>
      )}
      {rendered.empty && (
        <p className="cv-document-notice" role="note" data-testid="document-empty">
          {t('document.empty')}
        </p>
      )}
      {/* The rendered document is put here as DOM nodes made and sanitized by the renderers; a click on
          a link to a place in the document scrolls there (links are focusable, Enter clicks them). */}
      <div className="cv-document-scroll" ref={host} onClick={followInnerLink} tabIndex={0} data-testid="document-content" />
    </section>
  );
}

import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { reasonOf } from './errors';
import { useViewerTexts, VIEWERS_NAMESPACE } from './i18n/resources';
import { viewerKind } from './viewer-kind';
import type { FallbackReason, FileSource, ViewerKind, ViewerProps } from './types';
import './styles.css';

type LazyViewer = LazyExoticComponent<ComponentType<ViewerProps>>;

/** The viewers that serve two kinds each (the boundary below is keyed by kind, so a change of kind still remounts). */
const imageViewer: LazyViewer = lazy(() => import(/* webpackChunkName: "viewer-image" */ './viewers/image'));
const mediaViewer: LazyViewer = lazy(() => import(/* webpackChunkName: "viewer-media" */ './viewers/media'));
const codeViewer: LazyViewer = lazy(() => import(/* webpackChunkName: "viewer-code" */ './viewers/code'));

/**
 * One chunk per viewer, downloaded only when a file of its kind is opened. The chunk names are the
 * ones deploy/budgets.json forbids on the pages that must not load them.
 */
const VIEWERS: Record<Exclude<ViewerKind, 'other'>, LazyViewer> = {
  image: imageViewer,
  svg: imageViewer,
  video: mediaViewer,
  audio: mediaViewer,
  pdf: lazy(() => import(/* webpackChunkName: "viewer-pdf" */ './viewers/pdf')),
  document: lazy(() => import(/* webpackChunkName: "viewer-document" */ './viewers/document')),
  spreadsheet: lazy(() => import(/* webpackChunkName: "viewer-spreadsheet" */ './viewers/spreadsheet')),
  slides: lazy(() => import(/* webpackChunkName: "viewer-slides" */ './viewers/slides')),
  ebook: lazy(() => import(/* webpackChunkName: "viewer-ebook" */ './viewers/ebook')),
  archive: lazy(() => import(/* webpackChunkName: "viewer-archive" */ './viewers/archive')),
  code: codeViewer,
  markdown: codeViewer,
  html: lazy(() => import(/* webpackChunkName: "viewer-html" */ './viewers/html')),
};

/** Where the fallback's download button leads: an address, or an action of the page. */
export interface DownloadTarget {
  href?: string;
  onClick?: () => void;
}

export interface FileViewerProps {
  source: FileSource;
  /** The kind when the caller already knows it; else from the name and type. */
  kind?: ViewerKind;
  /** The download offered by the fallback; a blob source gets a saved copy when absent. */
  download?: DownloadTarget;
  /** The accessible name of the viewer's region. */
  label?: string;
  /** A remote's own viewer for a kind (mfe-public's Markdown pipeline). */
  overrides?: Partial<Record<ViewerKind, ComponentType<ViewerProps>>>;
  /** Called with the reason when the layer falls back to the download. */
  onFallback?: (reason: FallbackReason) => void;
}

export function ViewerLoading({ label }: { label?: string }) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  return (
    <div className="cv-loading" role="status" aria-live="polite" data-testid="viewer-loading">
      <span className="cc-spinner" aria-hidden="true" />
      <span>{label ?? t('layer.loading')}</span>
    </div>
  );
}

/** The download card that stands in for a file the browser cannot show, with why in one line. */
export function ViewerFallback({ source, reason, download }: { source: FileSource; reason: FallbackReason; download?: DownloadTarget }) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const objectUrl = useMemo(() => (!download && source.blob ? URL.createObjectURL(source.blob) : null), [download, source.blob]);
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);
  const extension = (source.name.split('.').pop() ?? '').slice(0, 4).toUpperCase() || 'FILE';
  const size = source.size >= 0 ? ` (${formatBytes(source.size)})` : '';
  const href = download?.href ?? objectUrl ?? source.url;
  return (
    <div className="cv-fallback" data-testid="viewer-fallback" data-reason={reason}>
      <div className="cv-fallback__icon" aria-hidden="true">
        {extension}
      </div>
      <p className="cv-fallback__name">{source.name}</p>
      <p className="cv-fallback__reason" data-testid="viewer-fallback-reason">
        {t(`fallback.${reason}`)}
      </p>
      {download?.onClick ? (
        <button type="button" className="cc-button cc-button--primary" onClick={download.onClick} data-testid="viewer-fallback-download">
          {t('layer.download')}
          {size}
        </button>
      ) : (
        href && (
          <a className="cc-button cc-button--primary" href={href} download={source.name} data-testid="viewer-fallback-download">
            {t('layer.download')}
            {size}
          </a>
        )
      )}
    </div>
  );
}

/** Catches what a viewer throws while rendering (and a chunk that fails to load). */
class ViewerBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Shows a file in the browser with the viewer of its kind (its chunk loads on first use); anything
 * that cannot be shown becomes the download fallback with a one-line reason, never a blank panel.
 */
export function FileViewer({ source, kind, download, label, overrides, onFallback }: FileViewerProps) {
  useViewerTexts();
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const resolved = kind ?? viewerKind(source.name, source.contentType);
  const [failure, setFailure] = useState<FallbackReason | null>(null);
  const identity = `${source.url ?? ''}|${source.name}|${source.size}|${resolved}`;
  const [shownFor, setShownFor] = useState(identity);
  if (shownFor !== identity) {
    setShownFor(identity);
    setFailure(null);
  }
  const onError = useCallback(
    (error: unknown) => {
      const reason = reasonOf(error);
      setFailure(reason);
      onFallback?.(reason);
    },
    [onFallback],
  );
  const regionLabel = label ?? t('layer.contentOf', { name: source.name });

  let body: ReactNode;
  if (failure) body = <ViewerFallback source={source} reason={failure} download={download} />;
  else if (resolved === 'other' && !overrides?.other) body = <ViewerFallback source={source} reason="no-preview" download={download} />;
  else {
    const Viewer = overrides?.[resolved] ?? VIEWERS[resolved as Exclude<ViewerKind, 'other'>];
    body = (
      <ViewerBoundary key={identity} onError={onError}>
        <Suspense fallback={<ViewerLoading />}>
          <Viewer source={source} kind={resolved} label={regionLabel} onError={onError} />
        </Suspense>
      </ViewerBoundary>
    );
  }
  return (
    <div className="cv-viewer" data-testid="file-viewer" data-viewer={failure ? 'fallback' : resolved}>
      {body}
    </div>
  );
}

export { FileViewer, ViewerFallback, ViewerLoading, type DownloadTarget, type FileViewerProps } from './file-viewer';
export { ViewerError, reasonOf } from './errors';
export { viewerKind, codeLanguage, isTextKind, PLAIN_TEXT_LANGUAGE } from './viewer-kind';
export { extensionOf, readBytes, readBlob, readRange, openStream, elementUrl, type ReadOptions, type ReadProgress } from './source';
export { VIEWERS_NAMESPACE, viewerResources } from './i18n/resources';
export type { FallbackReason, FileSource, ViewerKind, ViewerProps } from './types';
export { useWrapPreference, WRAP_PREFERENCE_KEY } from './wrap-preference';

/**
 * @cloudclip/shared-kernel — the one shared singleton of the platform. Host and remotes import
 * everything from here; Module Federation shares this module so the page holds a single copy.
 */
// The base classes (.cc-visually-hidden, .cc-spinner) come with the kernel, once per page.
import './theme/base.css';

export { createKernel, getKernel, hasKernel, type Kernel, type KernelConfig, type KernelOptions } from './kernel';

// Config and address building
export * from './config/app-config';
export * from './storage-keys';

// API client, errors, endpoints
export {
  HttpClient,
  type HttpClientDeps,
  type RequestOptions,
  type UploadOptions,
  type ProgressEvent,
  type StorageUploadResult,
  type Translate,
} from './api/http-client';
export { ApiError, isApiError, type ApiErrorKind } from './api/api-error';
export { errorText } from './api/error-text';
export { formatDateTime } from './format/date-time';
export * from './api/error-catalogue';
export { createApi, type CloudclipApi } from './api/endpoints/api';

// Session, bus, i18n, theme
export * from './session/session-store';
export { AuthService } from './session/auth-service';
export * from './bus/event-bus';
export { I18nService, type NamespaceResources } from './i18n/create-i18n';
export { detectLanguage, isLanguage } from './i18n/detect-language';
export { commonResources } from './i18n/resources/common';
export { validationResources } from './i18n/resources/validation';
export * from './theme/theme-store';
export * from './theme/theme-tokens';
export { SUPPORTED_LANGUAGES, THEME_MODE_CYCLE } from './types/preferences';
export * from './types/remote';

// Remote helpers
export { createRemoteSpa, useDarkTheme, type RemoteAppProps, type RemoteSpaOptions } from './react/create-remote-spa';
export { RemoteAppRoot, ROUTER_FUTURE, type RemoteAppRootProps, type RemoteRouterProps } from './react/remote-app-root';
export { lazyPage, type LazyPage } from './react/lazy-page';
export { startStandalone } from './react/start-standalone';
export { KernelProvider, useKernel, useSession, useLanguage } from './react/kernel-context';
export { useCopyFeedback, type CopyState } from './react/use-copy-feedback';
export { useServerFeature } from './react/use-server-feature';
export { installHistorySync } from './react/history-sync';
export { copyText, copyWithCommand } from './browser/clipboard';
export * from './browser/clipboard-files';
export { downloadText, startDownload } from './browser/download';
export { FOCUSABLE_SELECTOR, keepTabInside, type TabKeyEvent } from './browser/focus-trap';
export { addListeners, type ListenerTarget } from './browser/listeners';
export { readBodyChunks, type ReadChunks } from './browser/read-body';
export * from './first-screen';
export { registerAppDiagnostics, KERNEL_MODULE_ID, type AppDiagnostics } from './diagnostics';

// The HTTP contract: wire types, rules and constants shared with the api-server
export * from '@cloudclip/contract';
// The commit answer as the kernel's API returns it (`maxViews` null → 0); shadows the contract's wire type.
export type { FileCommitResponse, UrlCommitResponse } from './api/endpoints/file-commit';

// Business constants and validators (spec §5, §9)
export * from './constants';
export * from './admin-modules';
export * from './validators/account-change';
export * from './validators/api-key-form';
export * from './validators/backend-address';
export * from './validators/custom-slug';
export * from './validators/file-size';
export * from './validators/http-url';
export * from './validators/login-form';
export * from './validators/markdown-import';
export * from './validators/max-views';
export * from './validators/mount-form';
export * from './validators/numeric-input';
export * from './validators/paste-tags';
export * from './validators/search-query';
export * from './validators/settings-form';
export * from './validators/validation-result';

// The app on the device: the share inbox (share sheet and dropped files → editor or upload queue)
export * from './pwa/share-inbox';
export { openDatabase, requestResult, transactionDone } from './pwa/indexed-db';
export * from './pwa/app-manifest-link';

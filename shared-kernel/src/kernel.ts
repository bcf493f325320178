import { EventBus } from './bus/event-bus';
import { resolveBaseUrl, type BaseUrlSource, type RuntimeAppConfig } from './config/app-config';
import { HttpClient } from './api/http-client';
import { createApi, type CloudclipApi } from './api/endpoints/api';
import { memoizeServerFeatures } from './api/server-features';
import { I18nService } from './i18n/create-i18n';
import { detectLanguage } from './i18n/detect-language';
import { SessionStore } from './session/session-store';
import { AuthService } from './session/auth-service';
import { createSafeStorage, type SafeStorage } from './storage-keys';
import { ThemeStore } from './theme/theme-store';
import { KERNEL_MODULE_ID } from './diagnostics';

export interface KernelOptions {
  appConfig?: RuntimeAppConfig;
  /** Container builds ignore the address saved by the environment switcher. */
  isContainerBuild?: boolean;
  storage?: SafeStorage;
  origin?: string;
  browserLanguages?: readonly string[];
  fetchImpl?: typeof fetch;
  matchMedia?: (query: string) => MediaQueryList;
}

export interface KernelConfig {
  baseUrl: string;
  baseUrlSource: BaseUrlSource;
  appConfig: RuntimeAppConfig;
  isContainerBuild: boolean;
}

/** The page's singletons, created once by the host and handed to every remote. */
export interface Kernel {
  readonly moduleId: string;
  readonly config: KernelConfig;
  readonly storage: SafeStorage;
  readonly bus: EventBus;
  readonly session: SessionStore;
  readonly i18n: I18nService;
  readonly theme: ThemeStore;
  readonly http: HttpClient;
  readonly api: CloudclipApi;
  readonly auth: AuthService;
  /**
   * The backend's optional capabilities (`GET /version` → `data.features`, e.g. SERVER_FEATURE_SEARCH),
   * asked once per page load and shared by the host and every remote; an empty set when the backend
   * lists none or cannot answer. Show a capability's UI only when its name is in the set.
   */
  readonly serverFeatures: () => Promise<ReadonlySet<string>>;
}

let current: Kernel | null = null;

function browserWindow(): (Window & { appConfig?: RuntimeAppConfig }) | undefined {
  return typeof window === 'undefined' ? undefined : (window as Window & { appConfig?: RuntimeAppConfig });
}

/** Creates the kernel singletons. Called once by the host (and by a remote running on its own). */
export function createKernel(options: KernelOptions = {}): Kernel {
  const win = browserWindow();
  const storage = options.storage ?? createSafeStorage(win?.localStorage);
  const appConfig = options.appConfig ?? win?.appConfig ?? {};
  const isContainerBuild = options.isContainerBuild ?? false;
  const { baseUrl, source } = resolveBaseUrl({
    appConfig,
    storage,
    isContainerBuild,
    origin: options.origin ?? win?.location.origin ?? 'http://127.0.0.1:8080',
  });
  const bus = new EventBus();
  const session = new SessionStore(storage, bus);
  const i18n = new I18nService(
    detectLanguage(storage, options.browserLanguages ?? (typeof navigator !== 'undefined' ? navigator.languages : undefined)),
    storage,
    bus,
  );
  const theme = new ThemeStore(storage, bus, options.matchMedia);
  let auth: AuthService | null = null;
  const http = new HttpClient({
    getBaseUrl: () => baseUrl,
    session,
    translate: i18n.t,
    getLanguage: () => i18n.language,
    onAdminForbidden: () => void auth?.checkAdminToken({ force: true }),
    fetchImpl: options.fetchImpl,
  });
  const api = createApi(http);
  auth = new AuthService(api, session, (key) => i18n.t(key));
  current = {
    moduleId: KERNEL_MODULE_ID,
    config: { baseUrl, baseUrlSource: source, appConfig, isContainerBuild },
    storage,
    bus,
    session,
    i18n,
    theme,
    http,
    api,
    auth,
    serverFeatures: memoizeServerFeatures(() => api.system.features()),
  };
  return current;
}

/** The kernel created by the host. Remotes call this (or use the `kernel` prop) — never `createKernel`. */
export function getKernel(): Kernel {
  if (!current) throw new Error('The Cloudclip kernel has not been created yet: the host must call createKernel() first.');
  return current;
}

export function hasKernel(): boolean {
  return current !== null;
}

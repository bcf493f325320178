import { STORAGE_KEYS, type SafeStorage } from '../storage-keys';

/** The unreplaced placeholder a container image writes into config.js before start-up substitutes it. */
export const BACKEND_URL_PLACEHOLDER = '__BACKEND_URL__';
export const API_PREFIX = '/api';

/** Runtime settings injected by the gateway as `window.appConfig` (config.js). */
export interface RuntimeAppConfig {
  backendUrl?: string;
  environment?: string;
}

export interface BaseUrlSources {
  appConfig?: RuntimeAppConfig | undefined;
  storage: SafeStorage;
  /** True for container builds: the locally saved address (environment switcher) is then ignored. */
  isContainerBuild: boolean;
  /** The page's own origin, the last resort ({host} in the spec). */
  origin: string;
}

export type BaseUrlSource = 'runtime' | 'local-storage' | 'origin';

function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Resolves the backend base address, first match wins (spec §7):
 * 1. runtime `window.appConfig.backendUrl`, unless empty or still the placeholder;
 * 2. unless this is a container build, localStorage `vite-api-base-url`;
 * 3. the page's own origin.
 */
export function resolveBaseUrl(sources: BaseUrlSources): { baseUrl: string; source: BaseUrlSource } {
  const runtime = sources.appConfig?.backendUrl?.trim();
  if (runtime && runtime !== BACKEND_URL_PLACEHOLDER) {
    return { baseUrl: trimTrailingSlashes(runtime), source: 'runtime' };
  }
  if (!sources.isContainerBuild) {
    const saved = sources.storage.get(STORAGE_KEYS.apiBaseUrl)?.trim();
    if (saved) return { baseUrl: trimTrailingSlashes(saved), source: 'local-storage' };
  }
  return { baseUrl: trimTrailingSlashes(sources.origin), source: 'origin' };
}

/**
 * Builds a request address: base + `/api` + path. A path starting with `http` is used unchanged;
 * a path without a leading slash gets one.
 */
export function buildApiUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const normalised = path.startsWith('/') ? path : `/${path}`;
  return `${trimTrailingSlashes(baseUrl)}${API_PREFIX}${normalised}`;
}

export type QueryValue = string | number | boolean | null | undefined;

/** Appends query parameters, skipping null/undefined, encoding each value. */
export function withQuery(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** Saves the address chosen in the environment switcher; it takes effect after a reload. */
export function saveBaseUrlOverride(storage: SafeStorage, address: string): void {
  storage.set(STORAGE_KEYS.apiBaseUrl, address.trim());
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** Attempts in total, the first included. */
  attempts: number;
  /** Delay before the n-th retry: baseDelayMs * n. */
  baseDelayMs: number;
  /** Checks a successful response before it is used (the integrity of a pinned manifest); throwing fails the load at once. */
  verifyResponse?: (url: string, response: Response) => Promise<Response>;
}

const DEFAULTS: RetryOptions = { attempts: 3, baseDelayMs: 300 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries transient failures of remote loading: the manifest fetch (network errors and 5xx)
 * and the remote entry script, before the fallback plugin and the slot's error state take over.
 */
export function retryPlugin(options: Partial<RetryOptions> = {}): ModuleFederationRuntimePlugin {
  const { attempts, baseDelayMs, verifyResponse } = { ...DEFAULTS, ...options };
  return {
    name: 'cloudclip-retry-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        try {
          const response = await fetch(url, init);
          if (response.ok) return verifyResponse ? await verifyResponse(url, response) : response;
          // 4xx (a missing version) will not get better: answer at once.
          if (response.status >= 400 && response.status < 500) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          // A release that does not match its digest will not get better either.
          if (error instanceof Error && error.name === 'IntegrityError') throw error;
          lastError = error;
        }
        if (attempt < attempts) await wait(baseDelayMs * attempt);
      }
      throw lastError instanceof Error ? lastError : new Error(String(lastError));
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const retry = async () => {
        for (let attempt = 2; attempt <= attempts; attempt += 1) {
          await wait(baseDelayMs * (attempt - 1));
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports;
          } catch {
            /* try again */
          }
        }
        return undefined;
      };
      // The hook is typed as a promise of a promise; awaiting flattens both, so the retry promise is handed back inside one.
      return new Promise<ReturnType<typeof retry> | undefined>((resolve) => resolve(retry()));
    },
  };
}

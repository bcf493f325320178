import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, createSafeStorage, type Kernel } from '@cloudclip/shared-kernel';
import { App } from '../app/app';
import { NAMESPACE, resources } from '../i18n/resources';

/**
 * The explorer mounted as the host mounts it (a kernel of its own, its namespace added), for the
 * app's tests. Only the kernel's HTTP edge is faked: `fetch` answers envelopes and honours the abort
 * signal like a browser.
 */

export interface FakeAnswer {
  status?: number;
  /** The envelope's data (status 200) or its message (an error status). */
  data?: unknown;
  message?: string;
}
/** Answers a request: an answer, or a promise of one (held back until the test resolves it). */
export type FakeHandler = (url: URL) => FakeAnswer | Promise<FakeAnswer>;

export function fakeEnvelopeFetch(handler: FakeHandler): { impl: typeof fetch; calls: URL[] } {
  const calls: URL[] = [];
  const impl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url);
    const signal = init?.signal;
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true }),
    );
    const answer = await Promise.race([Promise.resolve(handler(url)), aborted]);
    const status = answer.status ?? 200;
    const body = JSON.stringify(
      status === 200
        ? { code: 200, message: 'ok', success: true, data: answer.data }
        : { code: status, message: answer.message ?? 'failed', success: false, data: null },
    );
    return {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      ok: status === 200,
      headers: { get: () => 'application/json' },
      text: async () => body,
    } as unknown as Response;
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const MODIFIED = '2025-07-01T08:00:00.000Z';

/**
 * A folder listing of mount m1 (S3) as `/fs/list` answers it: the file `b.txt` (2 KiB), and with
 * `withSubfolder` also the folder `sub/`.
 */
export function mountListing(path: string, { withSubfolder }: { withSubfolder: boolean }) {
  const file = { name: 'b.txt', path: `${path}b.txt`, isDirectory: false, size: 2048, modified: MODIFIED };
  const folder = { name: 'sub', path: `${path}sub/`, isDirectory: true, isVirtual: false, size: 10, modified: MODIFIED };
  return {
    path,
    type: 'directory',
    isRoot: false,
    isVirtual: false,
    mount_id: 'm1',
    storage_type: 'S3',
    items: withSubfolder ? [file, folder] : [file],
  };
}

/** Renders the explorer at `path` with `storage` in localStorage (en-US unless it says otherwise); answers the kernel and every request made. */
export function renderExplorerAt(path: string, storage: Record<string, string>, handler: FakeHandler): { kernel: Kernel; calls: URL[] } {
  window.localStorage.clear();
  for (const [key, value] of Object.entries({ language: 'en-US', ...storage })) window.localStorage.setItem(key, value);
  window.history.pushState(null, '', path);
  const fetch = fakeEnvelopeFetch(handler);
  const kernel = createKernel({
    storage: createSafeStorage(window.localStorage),
    origin: 'http://127.0.0.1:8080',
    appConfig: {},
    fetchImpl: fetch.impl,
  });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/mount-explorer" />
    </I18nextProvider>,
  );
  return { kernel, calls: fetch.calls };
}

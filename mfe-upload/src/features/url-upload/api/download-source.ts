import { ApiError, isApiError, readBodyChunks } from '@cloudclip/shared-kernel';

export interface DownloadOptions {
  /** The backend proxy address for the same source (used when the source refuses cross-origin reads). */
  proxyUrl: string;
  signal: AbortSignal;
  /** Size announced by `url/info`, used when the response has no Content-Length. */
  expectedSize: number | null;
  onProgress: (loaded: number, total: number | null) => void;
  translate: (key: string, params?: Record<string, unknown>) => string;
  fetchImpl?: typeof fetch;
}

export interface DownloadedSource {
  blob: Blob;
  via: 'direct' | 'proxy';
}

async function readAll(response: Response, options: DownloadOptions): Promise<Blob> {
  const header = Number(response.headers.get('content-length'));
  const total = Number.isFinite(header) && header > 0 ? header : options.expectedSize;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    options.onProgress(blob.size, total);
    return blob;
  }
  const { chunks } = await readBodyChunks(response.body, (loaded) => options.onProgress(loaded, total));
  return new Blob(chunks as Uint8Array<ArrayBuffer>[], { type });
}

/**
 * Downloads the source in the browser with progress. A source that does not allow cross-origin
 * reads fails with a network error (TypeError): the same bytes are then fetched through the backend
 * proxy (`GET /api/url/proxy?url=`). Cancel aborts at once ('download cancelled').
 */
export async function downloadSource(url: string, options: DownloadOptions): Promise<DownloadedSource> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const cancelled = () => new ApiError(options.translate('errors.downloadCancelled'), 'cancelled', 0, { url });
  const attempt = async (address: string, via: DownloadedSource['via']): Promise<DownloadedSource> => {
    const response = await fetchImpl(address, { signal: options.signal, credentials: 'omit' });
    if (!response.ok) {
      throw new ApiError(
        options.translate('errors.httpError', { status: response.status, text: response.statusText }),
        'http',
        response.status,
        { url: address },
      );
    }
    return { blob: await readAll(response, options), via };
  };
  try {
    try {
      return await attempt(url, 'direct');
    } catch (error) {
      if (options.signal.aborted) throw error;
      // An HTTP answer means the source was reachable: only network / CORS refusals use the proxy.
      if (isApiError(error)) throw error;
      options.onProgress(0, options.expectedSize);
      return await attempt(options.proxyUrl, 'proxy');
    }
  } catch (error) {
    if (options.signal.aborted) throw cancelled();
    if (isApiError(error)) throw error;
    throw new ApiError(options.translate('errors.network'), 'network', 0, { url, serverMessage: String(error) });
  }
}

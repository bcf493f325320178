import { useCallback, useEffect, useRef, useState } from 'react';
import {
  URL_MULTIPART_CONCURRENCY,
  checkFileSize,
  validateHttpUrl,
  type UploadPhase,
  type UrlInfo,
  type ValidationError,
  useKernel,
  errorText,
} from '@cloudclip/shared-kernel';
import { isCancellation } from '../../../lib/cancellation';
import type { UploadOptions } from '../../../lib/upload-options';
import { downloadSource } from '../api/download-source';
import { importFromUrl, type UrlImportResult } from '../api/url-import';

export type UrlImportStatus = 'idle' | 'checking' | 'ready' | 'running' | 'success' | 'error' | 'cancelled';

export interface UrlImportState {
  status: UrlImportStatus;
  info: UrlInfo | null;
  /** Refusal of the announced size (shown before anything is sent). */
  refusal: string | null;
  urlError: ValidationError | null;
  phase: UploadPhase;
  percent: number;
  stage: { stage: 'download' | 'upload'; loaded: number; total: number | null } | null;
  mode: 'single' | 'multipart' | null;
  error: string | null;
  result: UrlImportResult | null;
}

const initial: UrlImportState = {
  status: 'idle',
  info: null,
  refusal: null,
  urlError: null,
  phase: 'preparing',
  percent: 0,
  stage: null,
  mode: null,
  error: null,
  result: null,
};

/** The URL import of the page: validate → info → run (cancellable) → result. */
export function useUrlImport({ maxUploadMb, onUploaded }: { maxUploadMb: number; onUploaded: (result: UrlImportResult) => void }) {
  const kernel = useKernel();
  const [state, setState] = useState<UrlImportState>(initial);
  const [concurrency, setConcurrency] = useState<number>(URL_MULTIPART_CONCURRENCY);
  const controller = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const t = useCallback((key: string, params?: Record<string, unknown>) => kernel.i18n.t(key, params), [kernel]);

  useEffect(() => () => controller.current?.abort(), []);

  const refusalOf = useCallback(
    (info: UrlInfo | null) => {
      const refusal = info && typeof info.size === 'number' ? checkFileSize(info.size, maxUploadMb) : null;
      return refusal ? t(refusal.key, { ns: refusal.ns, ...refusal.params }) : null;
    },
    [maxUploadMb, t],
  );

  // The limit may arrive after the info: re-evaluate the refusal.
  useEffect(() => {
    setState((previous) => (previous.info ? { ...previous, refusal: refusalOf(previous.info) } : previous));
  }, [refusalOf]);

  const check = useCallback(
    async (input: string) => {
      const valid = validateHttpUrl(input);
      if (!valid.valid) {
        setState({ ...initial, urlError: valid.error });
        return;
      }
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...initial, status: 'checking' });
      try {
        const info = await kernel.api.urlUpload.info(valid.value, own.signal);
        if (own.signal.aborted) return;
        setState({ ...initial, status: 'ready', info, refusal: refusalOf(info) });
      } catch (error) {
        if (own.signal.aborted) return;
        setState({ ...initial, status: 'error', error: errorText(error, t('errors.requestFailed')) });
      }
    },
    [kernel, refusalOf, t],
  );

  const start = useCallback(
    (options: UploadOptions) => {
      const info = state.info;
      if (!info || state.refusal) return;
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState((previous) => ({ ...previous, status: 'running', phase: 'preparing', percent: 0, stage: null, error: null, result: null }));
      const update = (change: Partial<UrlImportState>) =>
        setState((previous) => (controller.current === own && previous.status === 'running' ? { ...previous, ...change } : previous));
      importFromUrl(
        {
          urlUpload: kernel.api.urlUpload,
          putToStorage: (url, body, putOptions) => kernel.http.putToStorage(url, body, putOptions),
          download: downloadSource,
          translate: t,
          translateValidation: (key, params) => t(key, { ns: 'validation', ...params }),
          maxUploadMb,
          concurrency,
        },
        info,
        options,
        {
          onPhase: (phase) => update({ phase }),
          onProgress: (percent, stage) => update({ percent, stage }),
          onMode: (mode) => update({ mode }),
        },
        own.signal,
      )
        .then((result) => {
          if (own.signal.aborted) return;
          setState((previous) => ({ ...previous, status: 'success', phase: 'completed', percent: 100, result }));
          onUploadedRef.current(result);
        })
        .catch((error: unknown) => {
          if (own.signal.aborted || isCancellation(error)) return;
          setState((previous) => ({ ...previous, status: 'error', error: errorText(error, t('errors.requestFailed')) }));
        });
    },
    [kernel, state.info, state.refusal, t, maxUploadMb, concurrency],
  );

  const cancel = useCallback(() => {
    const running = controller.current;
    if (!running) return;
    running.abort();
    setState((previous) =>
      previous.status === 'running' || previous.status === 'checking'
        ? {
            ...previous,
            status: previous.status === 'checking' ? 'idle' : 'cancelled',
            error:
              previous.status === 'checking'
                ? null
                : t(previous.stage?.stage === 'upload' ? 'errors.uploadCancelled' : 'errors.downloadCancelled'),
          }
        : previous,
    );
  }, [t]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(initial);
  }, []);

  return { state, check, start, cancel, reset, concurrency, setConcurrency };
}

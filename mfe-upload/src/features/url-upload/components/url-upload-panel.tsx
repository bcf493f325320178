import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { URL_MULTIPART_CONCURRENCY, formatBytes } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { focusFirstInvalid } from '../../../lib/focus-invalid';
import { Field, describedBy } from '../../../components/field';
import { ProgressBar } from '../../../components/progress-bar';
import { ShareResult } from '../../../components/share-result';
import { pageUrl } from '../../../lib/format';
import type { UploadOptions } from '../../../lib/upload-options';
import type { UrlImportResult } from '../api/url-import';
import { useUrlImport } from '../hooks/use-url-import';

interface UrlUploadPanelProps {
  maxUploadMb: number;
  resolveOptions: (count: number) => UploadOptions | null;
  onUploaded: (result: UrlImportResult) => void;
}

const PARALLEL_CHOICES = Array.from({ length: URL_MULTIPART_CONCURRENCY }, (_, index) => index + 1);

/** Upload from a URL: validate, show the file's info, then download + upload with one progress bar. */
export function UrlUploadPanel({ maxUploadMb, resolveOptions, onUploaded }: UrlUploadPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const [url, setUrl] = useState('');
  const { state, check, start, cancel, reset, concurrency, setConcurrency } = useUrlImport({ maxUploadMb, onUploaded });
  const urlError = state.urlError ? t(state.urlError.key, { ns: state.urlError.ns, ...state.urlError.params }) : undefined;
  const running = state.status === 'running';
  const busy = running || state.status === 'checking';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void check(url);
  };
  const begin = () => {
    const options = resolveOptions(1);
    if (!options) {
      focusFirstInvalid();
      return;
    }
    start(options);
  };

  const tone =
    state.status === 'success' ? 'success' : state.status === 'error' ? 'error' : state.status === 'cancelled' ? 'muted' : 'active';
  const stageText =
    state.stage && running
      ? t(state.stage.stage === 'download' ? 'url.stageDownload' : 'url.stageUpload', {
          loaded: formatBytes(state.stage.loaded),
          total: state.stage.total ? formatBytes(state.stage.total) : t('url.unknown'),
        })
      : '';

  return (
    <div className="cu-stack" data-testid="url-upload-panel">
      <form className="cc-card cu-url-form" onSubmit={submit} noValidate>
        <Field id="cu-url" label={t('url.label')} hint={t('url.hint')} error={urlError}>
          <div className="cu-inline">
            <input
              id="cu-url"
              className="cc-input"
              type="url"
              inputMode="url"
              value={url}
              placeholder={t('url.placeholder')}
              onChange={(event) => setUrl(event.target.value)}
              disabled={busy}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={describedBy('cu-url', true, urlError)}
              data-testid="url-input"
            />
            <button type="submit" className="cc-button" disabled={busy} data-testid="url-info">
              {t('url.getInfo')}
            </button>
          </div>
        </Field>
        <p className="cc-hint" role="status" data-testid="url-checking">
          {state.status === 'checking' ? t('url.checking') : ''}
        </p>
      </form>

      {state.info && (
        <section
          className="cc-card"
          aria-labelledby="cu-url-info-title"
          data-testid="url-info-card"
          data-status={state.status}
          data-mode={state.mode ?? ''}
        >
          <h3 id="cu-url-info-title" className="cu-card__subtitle">
            {t('url.infoTitle')}
          </h3>
          <dl className="cu-info">
            <dt>{t('url.name')}</dt>
            <dd data-testid="url-info-name">{state.info.filename}</dd>
            <dt>{t('url.size')}</dt>
            <dd data-testid="url-info-size">{typeof state.info.size === 'number' ? formatBytes(state.info.size) : t('url.unknown')}</dd>
            <dt>{t('url.type')}</dt>
            <dd data-testid="url-info-type">{state.info.contentType || t('url.unknown')}</dd>
          </dl>
          {state.refusal && (
            <p className="cc-alert cc-alert--error" role="alert" data-testid="url-refusal">
              {state.refusal}
            </p>
          )}
          <div className="cu-inline cu-inline--wrap">
            <label className="cc-field__label" htmlFor="cu-parallel">
              {t('url.parallel')}
            </label>
            <select
              id="cu-parallel"
              className="cc-input cc-input--narrow"
              value={concurrency}
              onChange={(event) => setConcurrency(Number(event.target.value))}
              disabled={running}
              aria-describedby="cu-parallel-hint"
              data-testid="url-parallel"
            >
              {PARALLEL_CHOICES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <span className="cc-hint" id="cu-parallel-hint">
              {t('url.parallelHint')}
            </span>
          </div>
          {state.status !== 'idle' && state.status !== 'ready' && state.status !== 'checking' && (
            <div
              className="cu-url-progress"
              data-testid="url-progress"
              data-phase={state.phase}
              data-state={state.status}
              data-percent={state.percent}
            >
              <ProgressBar percent={state.percent} label={t('item.progressLabel', { name: state.info.filename })} tone={tone} />
              <div className="cu-item__meta">
                <span className={`cu-badge cu-badge--${state.status === 'running' ? 'uploading' : state.status}`}>
                  {state.status === 'running'
                    ? t(`item.phases.${state.phase}`)
                    : t(`item.states.${state.status === 'success' ? 'success' : state.status === 'cancelled' ? 'cancelled' : 'error'}`)}
                </span>
                <span data-testid="url-percent">{state.percent}%</span>
                {stageText && <span>{stageText}</span>}
                {state.mode && <span data-testid="url-mode">{t(state.mode === 'multipart' ? 'url.modeMultipart' : 'url.modeSingle')}</span>}
              </div>
            </div>
          )}
          {state.result?.via === 'proxy' && <p className="cc-hint">{t('url.viaProxy')}</p>}
          <div className="cc-toolbar cu-actions">
            {(state.status === 'ready' || state.status === 'error' || state.status === 'cancelled') && !state.refusal && (
              <button type="button" className="cc-button cc-button--primary" onClick={begin} data-testid="url-start">
                {state.status === 'ready' ? t('url.start') : t('url.retry')}
              </button>
            )}
            {running && (
              <button type="button" className="cc-button" onClick={cancel} data-testid="url-cancel">
                {t('url.cancel')}
              </button>
            )}
            {!running && (
              <button
                type="button"
                className="cc-button cc-button--ghost"
                onClick={() => {
                  reset();
                  setUrl('');
                }}
              >
                {t('url.reset')}
              </button>
            )}
          </div>
        </section>
      )}
      {state.error && (
        <p className="cc-alert cc-alert--error" role="alert" data-testid="url-error">
          {state.error}
        </p>
      )}
      {state.result && state.status === 'success' && (
        <ShareResult link={pageUrl(state.result.path)} password={state.result.password} idPrefix="cu-url-result" qrOpen />
      )}
    </div>
  );
}

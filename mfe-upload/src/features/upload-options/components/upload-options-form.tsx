import { useTranslation } from 'react-i18next';
import { PASTE_EXPIRY_OPTIONS, formatBytes, BYTES_PER_MB, type PasteExpiryId } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';
import type { UploadOptionsController } from '../hooks/use-upload-options';
import { isDefaultConfig } from '../hooks/use-storage-configs';
import type { OptionError } from '../../../lib/upload-options';

/** The options shared by file and URL uploads (spec §3 file share fields, §5 validation). */
export function UploadOptionsForm({
  controller,
  maxUploadMb,
  disabled,
}: {
  controller: UploadOptionsController;
  maxUploadMb: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, setField, errors, storage } = controller;
  const message = (error: OptionError | undefined) => (error ? t(error.key, { ns: error.ns, ...error.params }) : undefined);
  const slugError = message(errors.slug);
  const pathError = message(errors.path);
  const maxViewsError = message(errors.maxViews);
  const storageError = message(errors.storageConfigId);

  return (
    <section className="cc-card" aria-labelledby="cu-options-title" data-testid="upload-options">
      <div className="cu-card__head">
        <h2 id="cu-options-title" className="cc-card__title">
          {t('options.title')}
        </h2>
        <p className="cc-hint" data-testid="upload-limit">
          {t('options.limit', { size: formatBytes(maxUploadMb * BYTES_PER_MB) })}
        </p>
      </div>
      <fieldset className="cu-options" disabled={disabled}>
        <legend className="cc-visually-hidden">{t('options.title')}</legend>
        <Field id="cu-storage" label={t('options.storage')} error={storageError}>
          <select
            id="cu-storage"
            className="cc-input"
            value={draft.storageConfigId}
            onChange={(event) => setField('storageConfigId', event.target.value)}
            aria-invalid={storageError ? true : undefined}
            aria-describedby={describedBy('cu-storage', undefined, storageError)}
            aria-busy={storage.loading}
            data-testid="option-storage"
          >
            {storage.configs.length === 0 && <option value="">{storage.loading ? '…' : t('options.storageNone')}</option>}
            {storage.configs.map((config) => (
              <option key={config.id} value={config.id}>
                {isDefaultConfig(config) ? t('options.storageDefault', { name: config.name }) : config.name}
              </option>
            ))}
          </select>
        </Field>
        {storage.error && (
          <div className="cc-alert cc-alert--error cc-alert--with-action cu-options__wide" role="alert">
            <span>{t('options.storageLoadFailed', { message: storage.error })}</span>
            <button type="button" className="cc-button cc-button--ghost" onClick={storage.reload}>
              {t('options.reload')}
            </button>
          </div>
        )}
        {!storage.loading && !storage.error && storage.configs.length === 0 && (
          <p className="cc-alert cu-options__wide" data-testid="no-storage">
            {t('options.storageNone')}
          </p>
        )}
        <Field id="cu-slug" label={t('options.slug')} hint={t('options.slugHint')} error={slugError}>
          <input
            id="cu-slug"
            className="cc-input"
            value={draft.slug}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setField('slug', event.target.value)}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={describedBy('cu-slug', true, slugError)}
            data-testid="option-slug"
          />
        </Field>
        <Field id="cu-path" label={t('options.path')} hint={t('options.pathHint')} error={pathError}>
          <input
            id="cu-path"
            className="cc-input"
            value={draft.path}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setField('path', event.target.value)}
            aria-invalid={pathError ? true : undefined}
            aria-describedby={describedBy('cu-path', true, pathError)}
            data-testid="option-path"
          />
        </Field>
        <Field id="cu-remark" label={t('options.remark')}>
          <input
            id="cu-remark"
            className="cc-input"
            value={draft.remark}
            onChange={(event) => setField('remark', event.target.value)}
            data-testid="option-remark"
          />
        </Field>
        <Field id="cu-password" label={t('options.password')} hint={t('options.passwordHint')}>
          <input
            id="cu-password"
            className="cc-input"
            type="text"
            autoComplete="off"
            value={draft.password}
            onChange={(event) => setField('password', event.target.value)}
            aria-describedby="cu-password-hint"
            data-testid="option-password"
          />
        </Field>
        <Field id="cu-expiry" label={t('options.expiry')}>
          <select
            id="cu-expiry"
            className="cc-input"
            value={draft.expiry}
            onChange={(event) => setField('expiry', event.target.value as PasteExpiryId)}
            data-testid="option-expiry"
          >
            {PASTE_EXPIRY_OPTIONS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(`common:expiry.${option.id}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="cu-max-views" label={t('options.maxViews')} hint={t('options.maxViewsHint')} error={maxViewsError}>
          <input
            id="cu-max-views"
            className="cc-input"
            inputMode="numeric"
            value={draft.maxViews}
            placeholder="0"
            onChange={(event) => setField('maxViews', event.target.value)}
            aria-invalid={maxViewsError ? true : undefined}
            aria-describedby={describedBy('cu-max-views', true, maxViewsError)}
            data-testid="option-max-views"
          />
        </Field>
      </fieldset>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { PASTE_EXPIRY_OPTIONS, formatBytes, BYTES_PER_MB, type PasteExpiryId } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';
import { TitledCard } from '../../../components/titled-card';
import type { UploadOptionsController } from '../hooks/use-upload-options';
import { isDefaultConfig } from '../hooks/use-storage-configs';
import type { OptionError } from '../../../lib/upload-options';

/** A text option typed as it will be used (a link's slug, a folder path): no autocomplete, no spell check. */
function VerbatimOption({ field, controller, error }: { field: 'slug' | 'path'; controller: UploadOptionsController; error?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const id = `cu-${field}`;
  return (
    <Field id={id} label={t(`options.${field}`)} hint={t(`options.${field}Hint`)} error={error}>
      <input
        id={id}
        className="cc-input"
        value={controller.draft[field]}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => controller.setField(field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
        data-testid={`option-${field}`}
      />
    </Field>
  );
}

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
    <TitledCard
      titleId="cu-options-title"
      title={t('options.title')}
      testId="upload-options"
      aside={
        <p className="cc-hint" data-testid="upload-limit">
          {t('options.limit', { size: formatBytes(maxUploadMb * BYTES_PER_MB) })}
        </p>
      }
    >
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
        <VerbatimOption field="slug" controller={controller} error={slugError} />
        <VerbatimOption field="path" controller={controller} error={pathError} />
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
    </TitledCard>
  );
}

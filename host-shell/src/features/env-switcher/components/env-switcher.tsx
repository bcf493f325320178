import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBaseUrlOverride, validateBackendAddress, type Kernel } from '@cloudclip/shared-kernel';
import { ENV_PRESETS, findPreset } from '../env-presets';

export interface EnvSwitcherProps {
  kernel: Kernel;
  /** Reloads the page so the new address takes effect. */
  reload?: () => void;
}

/** The hidden API environment switcher (spec §2). */
export function EnvSwitcher({ kernel, reload = () => window.location.reload() }: EnvSwitcherProps) {
  const { t } = useTranslation('shell');
  const current = kernel.config.baseUrl;
  const matchesPreset = findPreset(current) !== null;
  const [customOpen, setCustomOpen] = useState(!matchesPreset);
  const [customValue, setCustomValue] = useState(matchesPreset ? '' : current);
  const [error, setError] = useState<string | null>(null);

  const choose = (address: string) => {
    saveBaseUrlOverride(kernel.storage, address);
    reload();
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = validateBackendAddress(customValue);
    if (!result.valid) {
      setError(t(`validation:${result.error.key}`, result.error.params));
      return;
    }
    choose(result.value);
  };

  return (
    <section className="cc-env-switcher" data-testid="env-switcher" aria-labelledby="cc-env-switcher-title">
      <h2 id="cc-env-switcher-title">{t('envSwitcher.title')}</h2>
      <p>
        {t('envSwitcher.current')}: <code data-testid="env-current">{current}</code>
      </p>
      <div className="cc-env-switcher__presets">
        {ENV_PRESETS.map((preset) => (
          <button
            type="button"
            key={preset.id}
            data-testid={`env-preset-${preset.id}`}
            className={`cc-button${findPreset(current) === preset.id ? ' cc-button--primary' : ''}`}
            title={preset.address}
            onClick={() => choose(preset.address)}
          >
            {t(`envSwitcher.presets.${preset.id}`)}
          </button>
        ))}
        <button
          type="button"
          data-testid="env-custom"
          className={`cc-button${customOpen ? ' cc-button--primary' : ''}`}
          onClick={() => setCustomOpen(true)}
        >
          {t('envSwitcher.custom')}
        </button>
      </div>
      {customOpen && (
        <form className="cc-env-switcher__custom" onSubmit={apply}>
          <input
            className="cc-input"
            data-testid="env-custom-input"
            type="text"
            inputMode="url"
            value={customValue}
            placeholder={t('envSwitcher.placeholder')}
            aria-label={t('envSwitcher.placeholder')}
            aria-invalid={!!error}
            onChange={(event) => {
              setCustomValue(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="cc-button cc-button--primary" data-testid="env-apply">
            {t('envSwitcher.apply')}
          </button>
          {error && (
            <p role="alert" className="cc-field__error">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="cc-muted">{t('envSwitcher.hint')}</p>
    </section>
  );
}

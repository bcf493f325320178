import { useTranslation } from 'react-i18next';
import type { Kernel, Language } from '@cloudclip/shared-kernel';
import { SUPPORTED_LANGUAGES } from '@cloudclip/shared-kernel';

/** zh-CN / en-US switcher; the choice reaches every mounted remote through the kernel. */
export function LanguageSwitch({ kernel }: { kernel: Kernel }) {
  const { t, i18n } = useTranslation('shell');
  return (
    <label className="cc-language-switch">
      <span className="cc-visually-hidden">{t('language.label')}</span>
      <select
        className="cc-input cc-input--narrow"
        data-testid="language-switch"
        value={i18n.language}
        aria-label={t('language.label')}
        onChange={(event) => void kernel.i18n.setLanguage(event.target.value as Language)}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

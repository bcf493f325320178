import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kernel, ThemeMode } from '@cloudclip/shared-kernel';

const ICONS: Record<ThemeMode, string> = { auto: '◐', light: '☀', dark: '☾' };

/** Cycles the theme auto → light → dark. */
export function ThemeToggle({ kernel }: { kernel: Kernel }) {
  const { t } = useTranslation('shell');
  const [mode, setMode] = useState<ThemeMode>(kernel.theme.snapshot.mode);
  useEffect(() => {
    const subscription = kernel.theme.changes().subscribe((state) => setMode(state.mode));
    return () => subscription.unsubscribe();
  }, [kernel]);
  const label = t('theme.toggle', { mode: t(`theme.${mode}`) });
  // The accessible name is built from the content ("Theme: Auto"), so it always contains the visible
  // word (WCAG 2.5.3, label in name); on phones the word is hidden and the prefix alone remains.
  return (
    <button
      type="button"
      className="cc-button"
      data-testid="theme-toggle"
      data-mode={mode}
      title={label}
      onClick={() => kernel.theme.cycle()}
    >
      <span aria-hidden="true">{ICONS[mode]}</span>
      <span className="cc-visually-hidden">{t('theme.name')}</span>
      <span className="cc-icon-button__text">{t(`theme.${mode}`)}</span>
    </button>
  );
}

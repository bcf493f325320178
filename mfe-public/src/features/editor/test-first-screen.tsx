import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { firstScreens } from '../../first-screen';
import { NAMESPACE, resources } from '../../i18n/resources';

/** Tests only: the `/` first screen's markup in one language, as the build renders it from src/first-screen.tsx. */
export function editorFirstScreenHtml(language: 'zh-CN' | 'en-US'): string {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { [NAMESPACE]: resources[language] } },
    defaultNS: NAMESPACE,
    interpolation: { escapeValue: false },
  });
  const screen = firstScreens.find((item) => item.pattern === '^/$');
  if (!screen) throw new Error('no first screen for /');
  const { container, unmount } = render(<I18nextProvider i18n={i18n}>{screen.render()}</I18nextProvider>, {
    container: document.createElement('div'),
  });
  const html = container.innerHTML;
  unmount();
  return html;
}

/**
 * Tests only: what the gateway writes into the boot page for `/` — both languages' variants in a
 * live #cc-first-screen — put into the document.
 */
export function mountEditorFirstScreen(): HTMLElement {
  const screen = document.createElement('div');
  screen.id = 'cc-first-screen';
  screen.className = 'cc-first-screen';
  screen.setAttribute('data-live', '');
  for (const language of ['zh-CN', 'en-US'] as const) {
    const variant = document.createElement('div');
    variant.className = 'cc-fs-variant';
    variant.setAttribute('data-lang', language);
    variant.innerHTML = editorFirstScreenHtml(language);
    screen.append(variant);
  }
  document.body.prepend(screen);
  return screen;
}

import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { i18nFor, LANGUAGES, type Language } from './i18n';

/**
 * The page's own components as static markup, once per interface language, each in a
 * `.cc-fs-variant[data-lang]` (SHARE_RENDER_CSS shows the one of html[lang]). Test ids, ids and
 * references to ids go: the page's own elements stay the only ones found by them.
 */
export function languageVariants(render: (language: Language) => ReactElement): string {
  return LANGUAGES.map((language) => {
    const html = renderToStaticMarkup(<I18nextProvider i18n={i18nFor(language)}>{render(language)}</I18nextProvider>);
    return `<div class="cc-fs-variant" data-lang="${language}">${withoutIds(html)}</div>`;
  }).join('');
}

export function withoutIds(html: string): string {
  return html.replace(/\s(?:id|data-testid|aria-labelledby|aria-describedby|aria-controls|for)="[^"]*"/g, '');
}

/** The remote's root and the page's section, as the page renders them around its content. */
export function pageFrame(kind: 'paste' | 'file', inner: string, marks = ''): string {
  return `<div class="cc-remote cp-root cc-app"><section class="cp-page cp-${kind}-page" data-page="${kind}" data-state="ready"${marks}>${inner}</section></div>`;
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's own address on `origin` (share links), or its path when the origin is not known. */
export function pageAddress(path: string, origin: string | undefined): string {
  return origin ? new URL(path, origin).toString() : path;
}

import { createHash, randomBytes } from 'node:crypto';
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

/** A digest of a text, for keys of renderings (the text itself may be megabytes). */
export function contentDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** Unknown outside this process: no text of a paste can be taken for a slot. */
const SLOT_NONCE = randomBytes(12).toString('hex');

/** The token that stands for a slot's value in a template rendering (ShareRendering.slots). */
export function slotToken(name: string): string {
  return `cc-slot-${SLOT_NONCE}-${name}`;
}

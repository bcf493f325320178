// The web app manifest (/manifest.webmanifest): what a browser needs to install Cloudclip as an app —
// its name in the visitor's language, icons, colours, the shortcuts of its launcher icon and the
// share target that puts it in the system's share sheet. The texts and colours are the page's own
// (shared-kernel/src/pwa/app-manifest-texts.json); the icons are the pinned host's (dist/icons,
// host-shell/scripts/make-icons.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MANIFEST_TEXTS_FILE = path.resolve(here, '../../shared-kernel/src/pwa/app-manifest-texts.json');

export const APP_MANIFEST_PATH = '/manifest.webmanifest';
export const APP_MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';
export const MANIFEST_LANGUAGES = Object.freeze(['zh-CN', 'en-US']);
const DEFAULT_LANGUAGE = 'zh-CN';

/** Where the share sheet posts (the service worker takes it; without one, server.mjs answers). */
export const SHARE_TARGET_PATH = '/share-target';

/** The host's icon files (dist/icons/…) the manifest and the page name. */
export const APP_ICONS = Object.freeze({
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  appleTouch: '/icons/apple-touch-icon.png',
  shortcutPaste: '/icons/shortcut-paste-96.png',
  shortcutUpload: '/icons/shortcut-upload-96.png',
});

/**
 * @typedef {{ name: string, shortName: string, description: string }} ShortcutTexts
 * @typedef {{ name: string, shortName: string, description: string, shortcuts: { paste: ShortcutTexts, upload: ShortcutTexts } }} LanguageTexts
 * @typedef {{ colors: { themeLight: string, themeDark: string, background: string } } & Record<string, LanguageTexts>} ManifestTexts
 */

/**
 * Reads the texts and checks that every language has what the manifest needs, so a broken file
 * stops the gateway at start rather than serving a manifest no browser accepts.
 * @returns {Promise<ManifestTexts>}
 */
export async function loadManifestTexts(file = MANIFEST_TEXTS_FILE) {
  const texts = JSON.parse(await readFile(file, 'utf8'));
  const strings = (value, keys) => keys.every((key) => typeof value?.[key] === 'string' && value[key].trim() !== '');
  if (!strings(texts?.colors, ['themeLight', 'themeDark', 'background'])) throw new Error(`${file}: colors are missing`);
  for (const language of MANIFEST_LANGUAGES) {
    const entry = texts[language];
    const complete =
      strings(entry, ['name', 'shortName', 'description']) &&
      ['paste', 'upload'].every((shortcut) => strings(entry.shortcuts?.[shortcut], ['name', 'shortName', 'description']));
    if (!complete) throw new Error(`${file}: the ${language} texts are incomplete`);
  }
  return texts;
}

/**
 * The manifest's language: `?lang=` when it names one the manifest is written in, else the first
 * language of Accept-Language that is (zh… → zh-CN, en… → en-US), else Chinese when the browser says
 * nothing and English when it asks for another language.
 * @param {unknown} requested the `lang` query parameter
 * @param {string | undefined} acceptLanguage
 */
export function manifestLanguageOf(requested, acceptLanguage) {
  if (typeof requested === 'string' && MANIFEST_LANGUAGES.includes(requested)) return requested;
  const ranges = String(acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  if (ranges.length === 0) return DEFAULT_LANGUAGE;
  for (const { tag } of ranges) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return 'en-US';
}

/**
 * The web app manifest in one language.
 * @param {ManifestTexts} texts
 * @param {string} language one of MANIFEST_LANGUAGES
 */
export function webAppManifest(texts, language) {
  const t = texts[language];
  const shortcut = (key, url, icon) => ({
    name: t.shortcuts[key].name,
    short_name: t.shortcuts[key].shortName,
    description: t.shortcuts[key].description,
    url,
    icons: [{ src: icon, sizes: '96x96', type: 'image/png' }],
  });
  return {
    id: '/',
    name: t.name,
    short_name: t.shortName,
    description: t.description,
    lang: language,
    dir: 'ltr',
    // The query tells the page nothing it acts on (the host ignores it); it marks launches in logs.
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    display_override: ['window-controls-overlay', 'standalone'],
    background_color: texts.colors.background,
    theme_color: texts.colors.themeLight,
    icons: [
      { src: APP_ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: APP_ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: APP_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [shortcut('paste', '/', APP_ICONS.shortcutPaste), shortcut('upload', '/upload', APP_ICONS.shortcutUpload)],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['*/*'] }] },
    },
    categories: ['productivity', 'utilities'],
  };
}

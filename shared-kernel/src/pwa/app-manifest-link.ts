/**
 * The host page's links to the installed app (shared-kernel/build/index.html): the web app manifest
 * the gateway localizes (`/manifest.webmanifest?lang=…`, deploy/gateway/app-manifest.mjs) and the
 * `theme-color` metas that tint the browser's bar and the installed app's title bar. The page's
 * start-up script sets both once; the host keeps them in step when the language or theme changes.
 */
import texts from './app-manifest-texts.json';

/** Where the gateway serves the web app manifest. */
export const APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The languages the manifest is written in. */
const MANIFEST_LANGUAGES = ['zh-CN', 'en-US'] as const;

/** The theme-color of the page's bar (the header's background) in the light and the dark theme. */
export const THEME_COLORS = Object.freeze({ light: texts.colors.themeLight, dark: texts.colors.themeDark });

/** The manifest's address for a language; the gateway's choice (Accept-Language) for any other value. */
export function appManifestHref(lang: string): string {
  return (MANIFEST_LANGUAGES as readonly string[]).includes(lang) ? `${APP_MANIFEST_PATH}?lang=${lang}` : APP_MANIFEST_PATH;
}

/**
 * Points the page's `<link rel="manifest">` at the manifest in `lang`, so installing the app (and
 * the installed app's name and shortcuts) follows the page's language. The link is only touched
 * when its address changes: the browser fetches the manifest again on each change. A page without
 * the link (a remote's own dev page) is left alone.
 */
export function syncManifestLanguage(doc: Document, lang: string): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const href = appManifestHref(lang);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Gives every `theme-color` meta of the page the colour of the theme the page shows. The page
 * starts with one per `prefers-color-scheme`; once the visitor's theme is known (a saved light or
 * dark choice may differ from the system's), each says the same colour.
 */
export function syncThemeColor(doc: Document, isDark: boolean): void {
  const color = isDark ? THEME_COLORS.dark : THEME_COLORS.light;
  for (const meta of Array.from(doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))) {
    if (meta.getAttribute('content') !== color) meta.setAttribute('content', color);
  }
}

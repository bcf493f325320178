import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_MANIFEST_PATH, THEME_COLORS, appManifestHref, syncManifestLanguage, syncThemeColor } from './app-manifest-link';
import texts from './app-manifest-texts.json';
import { DARK_PALETTE, LIGHT_PALETTE } from '../theme/theme-tokens';

function pageHead(): Document {
  document.head.innerHTML = [
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">',
    '<meta name="theme-color" content="#161b22" media="(prefers-color-scheme: dark)">',
  ].join('');
  return document;
}

const manifestHref = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href');
const themeColors = () => Array.from(document.querySelectorAll('meta[name="theme-color"]')).map((meta) => meta.getAttribute('content'));

describe('syncManifestLanguage', () => {
  it('points the manifest link at the manifest in the page language', () => {
    syncManifestLanguage(pageHead(), 'en-US');
    expect(manifestHref()).toBe('/manifest.webmanifest?lang=en-US');
    syncManifestLanguage(document, 'zh-CN');
    expect(manifestHref()).toBe('/manifest.webmanifest?lang=zh-CN');
  });

  it('leaves the choice to the gateway for a language the manifest is not written in', () => {
    syncManifestLanguage(pageHead(), 'fr-FR');
    expect(manifestHref()).toBe(APP_MANIFEST_PATH);
    expect(appManifestHref('')).toBe(APP_MANIFEST_PATH);
  });

  it('does not touch an unchanged link (the browser would fetch the manifest again)', () => {
    syncManifestLanguage(pageHead(), 'en-US');
    const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement;
    const setAttribute = jest.spyOn(link, 'setAttribute');
    syncManifestLanguage(document, 'en-US');
    expect(setAttribute).not.toHaveBeenCalled();
  });

  it('does nothing on a page without a manifest link', () => {
    document.head.innerHTML = '';
    expect(() => syncManifestLanguage(document, 'en-US')).not.toThrow();
    expect(document.head.innerHTML).toBe('');
  });
});

describe('syncThemeColor', () => {
  it('gives every theme-color meta the colour of the theme shown, whatever the system prefers', () => {
    syncThemeColor(pageHead(), true);
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    syncThemeColor(document, false);
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });

  it("uses the colours of the theme's header and page backgrounds", () => {
    expect(THEME_COLORS).toEqual({ light: LIGHT_PALETTE.colorBgElevated, dark: DARK_PALETTE.colorBgElevated });
    expect(texts.colors.background).toBe(LIGHT_PALETTE.colorBg);
  });

  it("matches the colours the page's start-up script and metas use (shared-kernel/build/index.html)", () => {
    const html = readFileSync(path.join(__dirname, '../../build/index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)"`);
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)"`);
    expect(html).toContain(`'${THEME_COLORS.dark}' : '${THEME_COLORS.light}'`);
  });
});

describe('the manifest texts', () => {
  it('are written in both languages, every text non-empty', () => {
    const languages = ['zh-CN', 'en-US'] as const;
    const shapeOf = (value: unknown): unknown =>
      typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]))
        : typeof value;
    expect(shapeOf(texts['zh-CN'])).toEqual(shapeOf(texts['en-US']));
    for (const language of languages) {
      const strings = JSON.stringify(texts[language]).match(/"[^"]*"/g) ?? [];
      expect(strings).not.toContain('""');
    }
    expect(texts['zh-CN'].name).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("the host page's start-up script", () => {
  // The page as the host build writes it (build/index-html.cjs), its head in this document and its
  // inline start-up script run as the browser would before anything renders.
  function bootHostPage(saved: Record<string, string>, systemDark = false): void {
    const { renderIndexHtml } = createRequire(__filename)('../../build/index-html.cjs') as { renderIndexHtml: (page: object) => string };
    const html = renderIndexHtml({ title: 'Cloudclip', isHost: true, themeCss: '' });
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    const script = Array.from(document.head.querySelectorAll('script')).find((element) => element.textContent?.includes('themeMode'));
    localStorage.clear();
    for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
    window.matchMedia = ((query: string) => ({ matches: systemDark && query.includes('dark') })) as unknown as typeof window.matchMedia;
    new Function(script?.textContent ?? 'throw new Error("no start-up script")')();
  }

  it('asks for the manifest in the saved language', () => {
    bootHostPage({ language: 'en-US' });
    expect(manifestHref()).toBe('/manifest.webmanifest?lang=en-US');
    bootHostPage({ language: 'zh-CN' });
    expect(manifestHref()).toBe('/manifest.webmanifest?lang=zh-CN');
  });

  it("tints the bar with a saved theme, overriding the system's", () => {
    bootHostPage({ themeMode: 'dark' }, false);
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    bootHostPage({ themeMode: 'light' }, true);
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });

  it("leaves the bar to the system's theme when none is saved", () => {
    bootHostPage({}, true);
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
    expect(document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/icons/apple-touch-icon.png');
  });
});

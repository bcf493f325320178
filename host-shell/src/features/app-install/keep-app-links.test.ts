import { createKernel, THEME_COLORS } from '@cloudclip/shared-kernel';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { keepAppLinksInStep } from './keep-app-links';

function hostPage(): Document {
  const doc = document.implementation.createHTMLDocument('Cloudclip');
  doc.head.innerHTML =
    '<link rel="manifest" href="/manifest.webmanifest">' +
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}">` +
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}">`;
  return doc;
}

describe('keepAppLinksInStep', () => {
  it('points the manifest link at the interface language and the theme-color at the shown theme, and follows changes', async () => {
    const kernel = createKernel({
      storage: memoryStorage({ language: 'zh-CN', themeMode: 'light' }),
      origin: 'https://clip.example.org',
      appConfig: {},
      browserLanguages: ['zh-CN'],
      fetchImpl: jest.fn() as unknown as typeof fetch,
    });
    const doc = hostPage();
    const stop = keepAppLinksInStep(kernel, doc);
    const manifest = () => doc.querySelector('link[rel="manifest"]')?.getAttribute('href');
    const colors = () => Array.from(doc.querySelectorAll('meta[name="theme-color"]')).map((meta) => meta.getAttribute('content'));
    expect(manifest()).toBe('/manifest.webmanifest?lang=zh-CN');
    expect(colors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);

    await kernel.i18n.setLanguage('en-US');
    kernel.theme.setMode('dark');
    expect(manifest()).toBe('/manifest.webmanifest?lang=en-US');
    expect(colors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);

    stop();
    await kernel.i18n.setLanguage('zh-CN');
    expect(manifest()).toBe('/manifest.webmanifest?lang=en-US');
  });
});

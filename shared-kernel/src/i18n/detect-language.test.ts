import type { SafeStorage } from '../storage-keys';
import { detectLanguage, isLanguage } from './detect-language';

function storage(initial: Record<string, string> = {}): SafeStorage {
  const data = new Map(Object.entries(initial));
  return { get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value), remove: (key) => void data.delete(key) };
}

describe('detectLanguage', () => {
  it('uses the language saved in localStorage language over the browser', () => {
    expect(detectLanguage(storage({ language: 'en-US' }), ['zh-CN'])).toBe('en-US');
    expect(detectLanguage(storage({ language: 'zh-CN' }), ['en-GB'])).toBe('zh-CN');
  });

  it('ignores a saved value that is not a supported language', () => {
    expect(detectLanguage(storage({ language: 'fr-FR' }), ['zh-TW'])).toBe('zh-CN');
    expect(detectLanguage(storage({ language: 'en' }), ['de-DE'])).toBe('en-US');
  });

  it.each(['zh', 'zh-CN', 'zh-TW', 'zh-Hant-HK', 'ZH-cn'])('maps the browser language %s to zh-CN', (browser) => {
    expect(detectLanguage(storage(), [browser])).toBe('zh-CN');
  });

  it.each(['en-US', 'en-GB', 'de-DE', 'ja'])('maps the browser language %s to en-US', (browser) => {
    expect(detectLanguage(storage(), [browser])).toBe('en-US');
  });

  it("uses the browser's first preferred language", () => {
    expect(detectLanguage(storage(), ['en-US', 'zh-CN'])).toBe('en-US');
    expect(detectLanguage(storage(), ['zh-CN', 'en-US'])).toBe('zh-CN');
  });

  it('falls back to en-US without any browser language', () => {
    expect(detectLanguage(storage(), undefined)).toBe('en-US');
    expect(detectLanguage(storage(), [])).toBe('en-US');
    expect(detectLanguage(storage(), [''])).toBe('en-US');
  });
});

describe('isLanguage', () => {
  it('accepts exactly zh-CN and en-US', () => {
    expect(isLanguage('zh-CN')).toBe(true);
    expect(isLanguage('en-US')).toBe(true);
    expect(isLanguage('zh')).toBe(false);
    expect(isLanguage('en-us')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});

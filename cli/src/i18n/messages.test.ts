import { detectLang, messages, t } from './messages';

describe('messages', () => {
  it('has the same keys in both languages, none empty, and real Chinese', () => {
    const en = Object.keys(messages['en-US']).sort();
    const zh = Object.keys(messages['zh-CN']).sort();
    expect(zh).toEqual(en);
    for (const key of en) {
      expect(messages['en-US'][key]).not.toBe('');
      expect(messages['zh-CN'][key]).not.toBe('');
    }
    expect(messages['zh-CN']['help.main']).toMatch(/[\u4e00-\u9fff]/);
    expect(messages['zh-CN']['error.unreachable']).toMatch(/[\u4e00-\u9fff]/);
  });

  it('uses the same placeholders on both sides', () => {
    const placeholders = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(messages['en-US'])) {
      expect([key, placeholders(messages['zh-CN'][key] as string)]).toEqual([key, placeholders(messages['en-US'][key] as string)]);
    }
  });

  it('fills placeholders', () => {
    expect(t('en-US', 'error.unreachable', { server: 'http://h' })).toBe('cannot reach http://h: is it running?');
    expect(t('zh-CN', 'error.unreachable', { server: 'http://h' })).toBe('无法连接 http://h：服务器是否在运行？');
  });

  it('the main help names the commands a CloudPaste 0.6 backend supports', () => {
    expect(t('en-US', 'help.main')).toMatch(/CloudPaste 0\.6/);
    expect(t('zh-CN', 'help.main')).toMatch(/CloudPaste 0\.6/);
  });
});

describe('detectLang', () => {
  it('zh-CN when the first set locale variable starts with zh', () => {
    expect(detectLang({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LC_MESSAGES: 'zh_CN', LANG: 'en_US' })).toBe('zh-CN');
  });

  it('en-US otherwise, LC_ALL winning over LANG', () => {
    expect(detectLang({})).toBe('en-US');
    expect(detectLang({ LANG: 'fr_FR.UTF-8' })).toBe('en-US');
    expect(detectLang({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en-US');
    expect(detectLang({ LC_ALL: '', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });
});

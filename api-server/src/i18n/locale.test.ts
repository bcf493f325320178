import { pickLocale } from './locale';
import { messages, translate } from './messages';
import { authMessagesZhCN } from './messages-auth';
import { backupMessagesZhCN } from './messages-backup';
import { commonMessagesZhCN } from './messages-common';
import { fileShareMessagesZhCN } from './messages-file-shares';
import { fsMessagesZhCN } from './messages-fs';
import { pasteMessagesZhCN } from './messages-pastes';
import { storageMessagesZhCN } from './messages-storage';
import { webdavMessagesZhCN } from './messages-webdav';

describe('message language', () => {
  it.each([undefined, '', 'fr-FR, de', 'en;q=0, zh', '*', 'zh-CN,zh;q=0.9,en;q=0.8'])(
    'answers in Chinese (the default) to Accept-Language %p',
    (header) => {
      expect(pickLocale(header)).toBe('zh-CN');
    },
  );

  it.each(['en-US', 'en', 'EN-gb', 'en-US,en;q=0.9,zh-CN;q=0.8', 'zh;q=0.5, en;q=0.8', 'fr-FR, en;q=0.5'])(
    'answers in English to Accept-Language %p',
    (header) => {
      expect(pickLocale(header)).toBe('en-US');
    },
  );

  it('fills placeholders', () => {
    expect(translate('en-US', 'validation.missingFields', { fields: 'a, b' })).toBe('Missing required field(s): a, b');
    expect(translate('zh-CN', 'error.tooManyRequests', { seconds: 30 })).toBe('请求过于频繁，请在 30 秒后重试');
  });

  it('has a non-empty message in both languages for every key', () => {
    const zhKeys = Object.keys(messages['zh-CN']).sort();
    expect(Object.keys(messages['en-US']).sort()).toEqual(zhKeys);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const key of zhKeys) expect(messages[locale][key as keyof (typeof messages)['zh-CN']].trim()).not.toBe('');
    }
  });

  it('takes every key from exactly one area module, so no area overrides another', () => {
    const areas = [
      commonMessagesZhCN,
      authMessagesZhCN,
      pasteMessagesZhCN,
      storageMessagesZhCN,
      fileShareMessagesZhCN,
      backupMessagesZhCN,
      fsMessagesZhCN,
      webdavMessagesZhCN,
    ];
    const areaKeys = areas.flatMap((area) => Object.keys(area)).sort();
    expect(areaKeys).toEqual(Object.keys(messages['zh-CN']).sort());
  });
});

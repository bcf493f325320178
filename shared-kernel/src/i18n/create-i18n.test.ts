import { EventBus, type BusMessage } from '../bus/event-bus';
import type { Language } from '../types/preferences';
import { I18nService } from './create-i18n';
import { memoryStorage } from '../../testing/memory-storage';

function setup(initial: Language = 'zh-CN') {
  const storage = memoryStorage();
  const bus = new EventBus();
  const events: BusMessage[] = [];
  bus.events$.subscribe((message) => events.push(message));
  const service = new I18nService(initial, storage, bus);
  return { service, storage, bus, events };
}

describe('I18nService', () => {
  it('starts in the given language, with the common texts and the document language set', () => {
    const { service } = setup('zh-CN');
    expect(service.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(service.t('errors.wrongPassword')).toBe('密码错误');
    const english = setup('en-US').service;
    expect(document.documentElement.lang).toBe('en-US');
    expect(english.t('errors.wrongPassword')).toBe('Wrong password');
  });

  it('interpolates parameters', () => {
    const { service } = setup('en-US');
    expect(service.t('errors.httpError', { status: 502, text: 'Bad Gateway' })).toBe('HTTP error 502: Bad Gateway');
  });

  it('serves the validation namespace', () => {
    const { service } = setup('en-US');
    expect(service.t('validation:backendAddressRequired')).toBe('Please enter the API base URL');
  });

  it('setLanguage saves the choice in language, sets the document language and switches the texts', async () => {
    const { service, storage } = setup('zh-CN');
    await service.setLanguage('en-US');
    expect(storage.data.get('language')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(service.language).toBe('en-US');
    expect(service.t('errors.timeout')).toBe('The request timed out');
  });

  it('setLanguage emits language-changed once per actual change', async () => {
    const { service, events } = setup('zh-CN');
    await service.setLanguage('en-US');
    await service.setLanguage('en-US');
    await service.setLanguage('zh-CN');
    expect(events).toEqual([
      { type: 'language-changed', payload: { language: 'en-US' } },
      { type: 'language-changed', payload: { language: 'zh-CN' } },
    ]);
  });

  it('setLanguage to the current language emits nothing', async () => {
    const { service, events } = setup('en-US');
    await service.setLanguage('en-US');
    expect(events).toEqual([]);
  });

  it('ignores an unsupported language', async () => {
    const { service, storage, events } = setup('zh-CN');
    await service.setLanguage('fr-FR' as Language);
    expect(service.language).toBe('zh-CN');
    expect(storage.data.has('language')).toBe(false);
    expect(events).toEqual([]);
  });

  it('languageChanges() emits the current language and each change', async () => {
    const { service } = setup('zh-CN');
    const seen: Language[] = [];
    service.languageChanges().subscribe((language) => seen.push(language));
    await service.setLanguage('en-US');
    expect(seen).toEqual(['zh-CN', 'en-US']);
  });

  it('addNamespace makes an app namespace available in both languages', async () => {
    const { service } = setup('zh-CN');
    service.addNamespace('demo', { 'zh-CN': { greeting: { hello: '你好 {{name}}' } }, 'en-US': { greeting: { hello: 'Hello {{name}}' } } });
    expect(service.t('demo:greeting.hello', { name: 'A' })).toBe('你好 A');
    await service.setLanguage('en-US');
    expect(service.t('demo:greeting.hello', { name: 'A' })).toBe('Hello A');
  });

  it('falls back to zh-CN for a key missing in en-US', () => {
    const { service } = setup('en-US');
    service.addNamespace('demo', { 'zh-CN': { onlyChinese: '仅中文' }, 'en-US': {} });
    expect(service.t('demo:onlyChinese')).toBe('仅中文');
  });

  it('keeps separate instances independent', async () => {
    const a = setup('zh-CN').service;
    const b = setup('zh-CN').service;
    await b.setLanguage('en-US');
    expect(a.t('errors.wrongPassword')).toBe('密码错误');
    expect(b.t('errors.wrongPassword')).toBe('Wrong password');
  });
});

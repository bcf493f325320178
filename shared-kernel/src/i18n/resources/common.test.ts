import { ADMIN_MODULES } from '../../admin-modules';
import { PASTE_EXPIRY_OPTIONS } from '../../constants';
import { commonResources } from './common';
import { validationResources } from './validation';
import { leafKeys } from '../../../testing/leaf-keys';

/** Names of the {{placeholders}} of a text. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe.each([
  ['common', commonResources],
  ['validation', validationResources],
])('%s texts', (_name, resources) => {
  it('have exactly the same keys in zh-CN and en-US', () => {
    expect(leafKeys(resources['en-US']).sort()).toEqual(leafKeys(resources['zh-CN']).sort());
  });

  it('have no empty text', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (const key of leafKeys(resources[language]))
        expect([language, key, String(valueAt(resources[language], key)).trim().length > 0]).toEqual([language, key, true]);
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of leafKeys(resources['zh-CN'])) {
      expect([key, placeholders(valueAt(resources['en-US'], key))]).toEqual([key, placeholders(valueAt(resources['zh-CN'], key))]);
    }
  });
});

describe('common error texts', () => {
  it('contain every fallback text of the error catalogue', () => {
    const keys = leafKeys(commonResources['en-US']);
    for (const key of [
      'errors.requestFailed',
      'errors.wrongPassword',
      'errors.verificationFailed',
      'errors.adminSessionExpired',
      'errors.apiKeyInvalid',
      'errors.unauthorized',
      'errors.slugTaken',
      'errors.httpError',
      'errors.timeout',
      'errors.network',
      'errors.cancelled',
      'errors.uploadCancelled',
      'errors.downloadCancelled',
      'errors.tokenMissing',
      'errors.loginFailed',
      'errors.keyValidationFailed',
      'errors.keyPermissionsFailed',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it("words 'HTTP error {status}: {text}' with both placeholders", () => {
    expect(placeholders(commonResources['en-US'].errors.httpError)).toEqual(['status', 'text']);
  });
});

test('every share expiry option has its text in both languages (apps render common:expiry.<id>)', () => {
  for (const language of ['zh-CN', 'en-US'] as const)
    for (const option of PASTE_EXPIRY_OPTIONS)
      expect([language, option.id, typeof commonResources[language].expiry[option.id]]).toEqual([language, option.id, 'string']);
});

test('every admin module has its name in both languages (host titles and mfe-admin render common:adminModules.<module>)', () => {
  for (const language of ['zh-CN', 'en-US'] as const)
    for (const module of ADMIN_MODULES)
      expect([language, module, typeof commonResources[language].adminModules[module]]).toEqual([language, module, 'string']);
});

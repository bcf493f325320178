import i18next from 'i18next';
import { LANGUAGES } from '../constants';
import { validationResources } from '../i18n/resources/validation';
import { validateAccountChangeForm } from './account-change';
import { validateApiKeyCreateForm, validateApiKeyEditForm } from './api-key-form';
import { validateBackendAddress } from './backend-address';
import { validateCustomSlug } from './custom-slug';
import { checkFileSize, insufficientStorageError } from './file-size';
import { validateHttpUrl } from './http-url';
import { validateAdminLoginForm, validateApiKeyLoginForm } from './login-form';
import { validateMarkdownImportFile } from './markdown-import';
import { validateMaxViews } from './max-views';
import { validateMountForm, validateMountPath } from './mount-form';
import { validatePasteTags } from './paste-tags';
import { validateSearchQuery } from './search-query';
import { validateSettingsForm } from './settings-form';
import { VALIDATION_MESSAGE_KEYS, VALIDATION_NAMESPACE, type ValidationError } from './validation-result';

const NOW = new Date('2025-07-01T08:00:00.000Z');
const MB = 1024 * 1024;

/** One failing call per message, so every key a validator can return is produced here. */
function collectErrors(): ValidationError[] {
  const errors: (ValidationError | null | undefined)[] = [];
  const field = (result: { error: ValidationError | null }) => errors.push(result.error);
  const form = (result: { errors: Partial<Record<string, ValidationError>> }) => errors.push(...Object.values(result.errors));

  field(validateCustomSlug('a b'));
  field(validateCustomSlug('  '));
  errors.push(validateMarkdownImportFile({ name: 'a.txt', size: 1 }));
  errors.push(validateMarkdownImportFile({ name: 'a.md', size: 10 * MB }));
  field(validateMaxViews(1.5));
  field(validateMaxViews(-1));
  field(validateHttpUrl(''));
  field(validateHttpUrl('ftp://x'));
  form(validateMountForm({ name: '', storage_type: '', storage_config_id: '', mount_path: '', cache_ttl: 1.5, sort_order: 0.5 }));
  form(validateMountForm({ name: 'n'.repeat(51), storage_type: 'S3', storage_config_id: 'c', mount_path: 'x', cache_ttl: -1 }));
  form(validateMountForm({ name: 'n', storage_type: 'S3', storage_config_id: 'c', mount_path: '/a', cache_ttl: 86401 }));
  for (const path of [`/${'a'.repeat(100)}`, '/a b', '/a//b', '/a/', '/api']) field(validateMountPath(path));
  form(validateApiKeyCreateForm({ name: '', use_custom_key: true, custom_key: '', expiry: 'custom', mount_permission: true }, NOW));
  form(validateApiKeyCreateForm({ name: 'k', use_custom_key: true, custom_key: 'a b', expiry: 'custom', custom_expires_at: 'x' }, NOW));
  form(validateApiKeyCreateForm({ name: 'k', expiry: 'custom', custom_expires_at: '2000-01-01' }, NOW));
  form(validateApiKeyCreateForm({ name: 'k', expiry: 'bad' as never }, NOW));
  form(validateApiKeyEditForm({ name: '', expiry: 'custom' }, NOW));
  form(validateSettingsForm({ max_upload_size: '', max_upload_size_unit: 'TB' as never, webdav_upload_mode: 'x' as never }));
  form(validateSettingsForm({ max_upload_size: 0, max_upload_size_unit: 'MB' }));
  form(validateSettingsForm({ max_upload_size: 1, max_upload_size_unit: 'KB' }));
  form(validateSettingsForm({ max_upload_size: 1, max_upload_size_unit: 'MB', paste_storage_per_key: '', paste_storage_total: 0 }));
  form(
    validateSettingsForm({ max_upload_size: 1, max_upload_size_unit: 'MB', paste_storage_per_key: 1, paste_storage_per_key_unit: 'KB' }),
  );
  form(validateAccountChangeForm({ currentPassword: '' }));
  form(validateAccountChangeForm({ currentPassword: 'p', newPassword: 'p' }));
  form(validateAdminLoginForm({ username: '', password: '' }));
  form(validateApiKeyLoginForm({ apiKey: '' }));
  field(validateBackendAddress(' '));
  errors.push(checkFileSize(2 * MB, 1));
  errors.push(insufficientStorageError(1, 2, 3));
  field(validateSearchQuery('q'.repeat(201)));
  field(validateSearchQuery('a b c d e f g h i'));
  field(validatePasteTags(['t'.repeat(33)]));
  field(validatePasteTags(Array.from({ length: 11 }, (_, index) => `t${index}`)));
  field(validatePasteTags(['a,b']));
  field(validatePasteTags(['  ']));
  field(validatePasteTags('t'));

  return errors.filter((error): error is ValidationError => error !== null && error !== undefined);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('validationResources', () => {
  it('has exactly the same keys in zh-CN and en-US', () => {
    expect(Object.keys(validationResources['zh-CN']).sort()).toEqual(Object.keys(validationResources['en-US']).sort());
  });

  it('covers exactly the declared validation message keys', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(validationResources[language]).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect({ key, placeholders: placeholders(validationResources['zh-CN'][key]) }).toEqual({
        key,
        placeholders: placeholders(validationResources['en-US'][key]),
      });
    }
  });

  it('has a non-empty text for every key and keys without dots (flat lookup)', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(validationResources[language])) {
        expect(key).not.toContain('.');
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('writes the Chinese texts in Chinese', () => {
    for (const text of Object.values(validationResources['zh-CN'])) {
      expect(text).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('keys returned by the validators', () => {
  const returned = collectErrors();

  it('produces every declared message key somewhere', () => {
    expect(new Set(returned.map((error) => error.key))).toEqual(new Set(VALIDATION_MESSAGE_KEYS));
  });

  it('returns only keys of the validation namespace that exist in both languages', () => {
    for (const error of returned) {
      expect(error.ns).toBe(VALIDATION_NAMESPACE);
      for (const language of LANGUAGES) {
        expect(Object.keys(validationResources[language])).toContain(error.key);
      }
    }
  });

  it('supplies exactly the params its text interpolates', () => {
    for (const error of returned) {
      expect({ key: error.key, params: Object.keys(error.params).sort() }).toEqual({
        key: error.key,
        params: placeholders(validationResources['en-US'][error.key]),
      });
    }
  });

  it('renders through i18next in both languages with every placeholder filled', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      resources: {
        'zh-CN': { validation: validationResources['zh-CN'] },
        'en-US': { validation: validationResources['en-US'] },
      },
      ns: ['validation'],
      interpolation: { escapeValue: false },
    });
    for (const language of LANGUAGES) {
      const t = i18n.getFixedT(language, VALIDATION_NAMESPACE);
      for (const error of returned) {
        const text = t(error.key, { ...error.params });
        expect(text).not.toBe(error.key);
        expect(text).not.toContain('{{');
      }
    }
    expect(i18n.getFixedT('en-US', VALIDATION_NAMESPACE)('fileTooLarge', { size: '100 MB' })).toBe(
      'File size exceeds the limit, maximum allowed is 100 MB',
    );
  });
});

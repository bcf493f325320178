import type { Page } from '@playwright/test';

/** What a login leaves in localStorage: the admin's token, or an API key with its permissions. */
export type SeededCredential =
  | { adminToken: string }
  | { apiKey: string; permissions: { text: boolean; file: boolean; mount: boolean }; name?: string; basicPath?: string };

/**
 * Stores a credential (and the `extra` localStorage items) before the first page script runs, for
 * the next page load only: the init script writes it once per tab, remembered in sessionStorage, so a
 * later reload after a logout does not bring it back. A key without a `name` is stored as `keyName`.
 */
export async function seedCredentialOnce(
  page: Page,
  credential: SeededCredential,
  { extra = {}, keyName = 'key' }: { extra?: Record<string, string>; keyName?: string } = {},
): Promise<void> {
  await page.addInitScript(
    ({ value, more, fallbackName }) => {
      if (window.sessionStorage.getItem('cc-e2e-seeded')) return;
      window.sessionStorage.setItem('cc-e2e-seeded', '1');
      for (const [key, item] of Object.entries(more)) window.localStorage.setItem(key, item);
      if ('adminToken' in value) {
        window.localStorage.setItem('admin_token', value.adminToken);
      } else {
        window.localStorage.setItem('api_key', value.apiKey);
        window.localStorage.setItem('api_key_permissions', JSON.stringify(value.permissions));
        window.localStorage.setItem(
          'api_key_info',
          JSON.stringify({ id: '', name: value.name ?? fallbackName, basic_path: value.basicPath ?? '/' }),
        );
      }
    },
    { value: credential, more: extra, fallbackName: keyName },
  );
}

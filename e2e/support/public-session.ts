import type { BrowserContext, Page } from '@playwright/test';
import { adminToken } from './api';

/** Stores credentials in localStorage before any page script runs (as a login would). */
export async function useAdminSession(target: Page | BrowserContext, token?: string): Promise<string> {
  const value = token ?? (await adminToken());
  await target.addInitScript((t) => window.localStorage.setItem('admin_token', t), value);
  return value;
}

export async function useApiKeySession(
  target: Page | BrowserContext,
  key: { id: string; key: string },
  permissions: { text: boolean; file: boolean },
): Promise<void> {
  await target.addInitScript(
    ({ value, id, perms }) => {
      window.localStorage.setItem('api_key', value);
      window.localStorage.setItem('api_key_permissions', JSON.stringify({ ...perms, mount: false }));
      window.localStorage.setItem('api_key_info', JSON.stringify({ id, name: 'e2e', basic_path: '/' }));
    },
    { value: key.key, id: key.id, perms: permissions },
  );
}

/** Reads the system clipboard of the page (the context must grant clipboard-read). */
export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

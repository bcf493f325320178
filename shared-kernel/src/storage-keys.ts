/** Every browser localStorage key the product uses (spec §4, contract §8). Nothing else is stored in the browser. */
export const STORAGE_KEYS = {
  adminToken: 'admin_token',
  apiKey: 'api_key',
  apiKeyPermissions: 'api_key_permissions',
  apiKeyInfo: 'api_key_info',
  themeMode: 'themeMode',
  language: 'language',
  apiBaseUrl: 'vite-api-base-url',
  editorDraft: 'cloudclip-content',
  recentUploads: 'cloudclip_recent_uploads',
  explorerViewMode: 'file_explorer_view_mode',
  explorerSortField: 'file_explorer_sort_field',
  explorerSortOrder: 'file_explorer_sort_order',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** A storage that never throws (private mode, quota, disabled storage): reads give null, writes are dropped. */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function createSafeStorage(backing: Storage | undefined = globalThis.localStorage): SafeStorage {
  return {
    get(key) {
      try {
        return backing?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        backing?.setItem(key, value);
      } catch {
        /* storage full or disabled: the value lives only for this page */
      }
    },
    remove(key) {
      try {
        backing?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

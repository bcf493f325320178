import type { PublicFile } from '@cloudclip/shared-kernel';

/** A public file's details as `GET /api/public/files/{slug}` answers them (a small unprotected text file), with `overrides`. */
export function publicFile(overrides: Partial<PublicFile> = {}): PublicFile {
  return {
    id: 'f1',
    slug: 'F1',
    filename: 'notes.txt',
    mimetype: 'text/plain',
    size: 19,
    remark: null,
    created_at: '2025-07-01 08:00:00',
    requires_password: false,
    views: 1,
    max_views: null,
    expires_at: null,
    s3_direct_preview_url: '',
    s3_direct_download_url: '',
    use_proxy: 1,
    created_by: null,
    ...overrides,
  };
}

/**
 * Stands in for the page's global `fetch`, which loads a file's preview text without the kernel (no
 * credentials): every call answers 200 with `text`. Returns the mock and a function that restores it.
 */
export function serveFileText(text: string) {
  const previous = globalThis.fetch;
  const mock = jest.fn(async (url: string, _init?: RequestInit) => ({ ok: true, status: 200, url, text: async () => text }));
  globalThis.fetch = mock as unknown as typeof fetch;
  return { mock, restore: () => (globalThis.fetch = previous) };
}

import { KeyManagementPage } from '../features/key-management/components/key-management-page';
import { fakeFetch, renderWithKernel, testKernel } from './test-kernel';

/** The fields of a key row in `GET /api/admin/api-keys` that the key table tests do not vary: no mount permission, root path, never used, no expiry. */
export const API_KEY_ROW_DEFAULTS = {
  mount_permission: 0,
  basic_path: '/',
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '9999-12-31T23:59:59.000Z',
  last_used: null,
};

/**
 * Renders the key management page for the admin, its list answering with `keys` and any other request
 * with `handlers`; also returns the requests sent (`calls`).
 */
export function renderKeyManagement(
  keys: unknown[],
  language: 'en-US' | 'zh-CN' = 'en-US',
  handlers: Parameters<typeof fakeFetch>[0] = [],
) {
  const { fetchImpl, calls } = fakeFetch([
    { method: 'GET', path: '/api/admin/api-keys', reply: { body: { code: 200, message: 'ok', success: true, data: keys } } },
    ...handlers,
  ]);
  const kernel = testKernel({ language, fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  return { ...renderWithKernel(kernel, <KeyManagementPage />), calls };
}

import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, createSafeStorage } from '@cloudclip/shared-kernel';
import { App } from './app';
import { NAMESPACE, resources } from '../i18n/resources';
import { fakeFetch, textOnlyKeyCheck } from '../test/test-kernel';
import { leafKeys } from '@cloudclip/shared-kernel/testing/leaf-keys';

const stats = {
  totalPastes: 12,
  totalFiles: 3,
  totalApiKeys: 2,
  totalS3Configs: 1,
  totalStorageUsed: 1024,
  s3Buckets: [
    {
      id: 'c1',
      name: 'Local storage',
      providerType: 'Local',
      bucketName: 'local',
      usedStorage: 1024,
      totalStorage: 5 * 1024 ** 3,
      fileCount: 3,
      usagePercent: 0,
    },
  ],
  lastWeekPastes: [0, 0, 0, 0, 0, 1, 2],
  lastWeekFiles: [0, 0, 0, 0, 0, 0, 3],
};

function renderAt(path: string, language: 'zh-CN' | 'en-US', setup?: (storage: Storage) => void) {
  window.localStorage.clear();
  window.localStorage.setItem('language', language);
  setup?.(window.localStorage);
  window.history.pushState(null, '', path);
  const { fetchImpl } = fakeFetch([
    { path: '/api/admin/dashboard/stats', reply: { body: { code: 200, message: 'ok', success: true, data: stats } } },
    textOnlyKeyCheck({ id: 'k1', name: 'reader' }),
  ]);
  const kernel = createKernel({ storage: createSafeStorage(window.localStorage), origin: 'http://127.0.0.1:8080', fetchImpl });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/admin" />
    </I18nextProvider>,
  );
  return kernel;
}

const area = () => screen.getByTestId('area-page');

test('shows the login page under the basename in Chinese by default (a loading status until its chunk is there)', async () => {
  renderAt('/admin', 'zh-CN');
  expect(area()).toHaveAttribute('data-area', 'admin');
  expect(area()).toHaveAttribute('data-page', 'home');
  expect(area()).toHaveAttribute('data-view', 'login');
  expect(screen.getByRole('status')).toHaveTextContent('正在加载…');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('管理面板登录');
  expect(screen.getByRole('tab', { name: '管理员登录' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'API 密钥登录' })).toBeInTheDocument();
});

test('opens the dashboard once an admin logs in, and the login page again after logout', async () => {
  const kernel = renderAt('/admin', 'en-US');
  act(() => kernel.session.loginAdmin('t'.repeat(32)));
  expect(area()).toHaveAttribute('data-view', 'panel');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(await screen.findByTestId('stat-pastes')).toHaveTextContent('12');
  expect(screen.getByTestId('activity-chart')).toBeInTheDocument();
  act(() => kernel.session.clear());
  expect(area()).toHaveAttribute('data-view', 'login');
});

test('follows the kernel language and theme', async () => {
  const kernel = renderAt('/admin/settings', 'zh-CN');
  expect(area()).toHaveAttribute('data-page', 'settings');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('管理面板登录');
  await act(async () => {
    await kernel.i18n.setLanguage('en-US');
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Admin panel login');
  act(() => kernel.theme.setMode('dark'));
  expect(area()).toHaveAttribute('data-dark', 'true');
});

test('a key holder without dashboard rights sees the permission-denied page and only its modules', async () => {
  renderAt('/admin', 'en-US', (storage) => {
    storage.setItem('api_key', 'reader-key');
    storage.setItem('api_key_permissions', JSON.stringify({ text: true, file: false, mount: false }));
    storage.setItem('api_key_info', JSON.stringify({ id: 'k1', name: 'reader', basic_path: '/' }));
  });
  expect(await screen.findByTestId('permission-denied')).toHaveTextContent('Log in with the admin account');
  expect(screen.getByRole('button', { name: 'Log in as admin' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByTestId(/^menu-/).length).toBeGreaterThan(0));
  const menu = screen.getAllByTestId(/^menu-/).map((item) => item.getAttribute('data-testid'));
  expect(menu).toEqual(['menu-text-management', 'menu-settings']);
});

test('has the same text keys in both languages', () => {
  expect(leafKeys(resources['en-US'])).toEqual(leafKeys(resources['zh-CN']));
});

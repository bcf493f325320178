import { act, screen, waitFor } from '@testing-library/react';
import { resources } from '../i18n/resources';
import { mountListing, renderExplorerAt } from '../test/render-explorer';
import { leafKeys } from '@cloudclip/shared-kernel/testing/leaf-keys';

/** A request's path and query, as the tests compare them. */
const pathAndQuery = (url: URL) => `${url.pathname}?${url.searchParams.toString()}`;

function renderAt(path: string, storage: Record<string, string>, data: (url: URL) => unknown = () => ({})) {
  const { kernel, calls } = renderExplorerAt(path, storage, (url) => ({ data: data(url) }));
  return { kernel, paths: () => calls.map(pathAndQuery) };
}

const listing = (path: string) => mountListing(path, { withSubfolder: true });

test('asks visitors to log in and shows the requested path', () => {
  renderAt('/mount-explorer/photos/2024', {});
  expect(screen.getByTestId('access-notice')).toHaveAttribute('data-kind', 'anonymous');
  expect(screen.getByTestId('requested-path')).toHaveTextContent('/photos/2024');
});

test('an admin lists through /api/admin/fs, folders first', async () => {
  const { paths } = renderAt('/mount-explorer/m', { admin_token: 'token' }, (url) => listing(url.searchParams.get('path') ?? '/'));
  await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
  expect(screen.getAllByTestId('file-row').map((row) => row.getAttribute('data-name'))).toEqual(['sub', 'b.txt']);
  expect(paths()[0]).toBe('/api/admin/fs/list?path=%2Fm%2F');
  expect(screen.getByText('2 KB')).toBeInTheDocument();
});

test('a key holder outside the basic path is sent back to it and uses /api/user/fs', async () => {
  const { paths } = renderAt(
    '/mount-explorer/m/other',
    {
      api_key: 'k',
      api_key_permissions: JSON.stringify({ text: false, file: true, mount: true }),
      api_key_info: JSON.stringify({ id: '1', name: 'k', basic_path: '/m/team' }),
    },
    (url) => listing(url.searchParams.get('path') ?? '/'),
  );
  await waitFor(() => expect(window.location.pathname).toBe('/mount-explorer/m/team'));
  await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
  // Besides the public version (the backend's features), every request is a listing of the basic path.
  const fsCalls = paths().filter((call) => !call.startsWith('/api/version?'));
  expect(fsCalls.length).toBeGreaterThan(0);
  expect(fsCalls.every((call) => call.startsWith('/api/user/fs/list?path=%2Fm%2Fteam%2F'))).toBe(true);
});

test('follows the kernel language and theme; both languages have the same keys', async () => {
  const { kernel } = renderAt('/mount-explorer', {}, () => ({}));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mount explorer');
  await act(async () => kernel.i18n.setLanguage('zh-CN'));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('挂载浏览器');
  act(() => kernel.theme.setMode('dark'));
  expect(document.querySelector('[data-remote]')).toHaveAttribute('data-dark', 'true');
  expect(leafKeys(resources['en-US'])).toEqual(leafKeys(resources['zh-CN']));
});

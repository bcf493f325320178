import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DavLockInfo } from '@cloudclip/shared-kernel';
import { fakeFetch, renderWithKernel, testKernel, type FakeResponse } from '../../../test/test-kernel';
import { TWO_MOUNTS as MOUNTS } from '@cloudclip/shared-kernel/testing/mount-rows';
import { MountManagementPage } from './mount-management-page';

const lock = (index: number, patch: Partial<DavLockInfo> = {}): DavLockInfo => ({
  token: `opaquelocktoken:0000000${index}-0000-4000-8000-000000000000`,
  path: `/photos/file-${index}.jpg`,
  scope: 'exclusive',
  depth: '0',
  owner: `client ${index}`,
  holder: { kind: 'api_key', id: 'k1', name: 'laptop sync' },
  created_at: '2025-07-01T08:00:00.000Z',
  expires_at: '2025-07-02T08:00:00.000Z',
  ...patch,
});

const ok = (data: unknown): FakeResponse => ({ body: { code: 200, message: 'ok', success: true, data } });

/** The admin's mount page against a backend with (or without) the lock list; `locks` are m1's live locks, all of them. */
function renderMounts(features: string[], locks: DavLockInfo[], language: 'en-US' | 'zh-CN' = 'en-US') {
  const fetch = fakeFetch([
    { path: '/api/version', reply: ok({ version: '1.0.0', features }) },
    { path: '/api/admin/s3-configs', reply: ok([]) },
    { method: 'GET', path: '/api/admin/mounts', reply: ok(MOUNTS) },
    {
      method: 'GET',
      path: '/api/admin/mounts/m1/dav-locks',
      reply: (_, url) => {
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        const items = locks.slice(offset, offset + limit);
        return ok({
          mount_id: 'm1',
          items,
          pagination: { total: locks.length, limit, offset, hasMore: offset + items.length < locks.length },
        });
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/admin\/mounts\/m1\/dav-locks\/[^/]+$/,
      reply: (_, url) => {
        const token = decodeURIComponent(url.pathname.split('/').pop()!);
        const index = locks.findIndex((candidate) => candidate.token === token);
        if (index < 0) return { status: 404, body: { code: 404, message: 'no such lock', success: false, data: null } };
        locks.splice(index, 1);
        return { body: { code: 200, message: 'released', success: true } };
      },
    },
  ]);
  const kernel = testKernel({ language, fetchImpl: fetch.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <MountManagementPage access="full" />, { path: '/mounts' });
  return fetch.calls;
}

const rowOf = (name: string) =>
  screen
    .getAllByTestId('mount-name')
    .find((cell) => cell.textContent === name)!
    .closest('tr')!;

async function openLocks(name: string) {
  await screen.findByText(name);
  const open = await waitFor(() => within(rowOf(name)).getByTestId('mount-locks-open'));
  fireEvent.click(open);
  return screen.findByTestId('mount-locks');
}

const lockRows = (panel: HTMLElement) =>
  within(panel)
    .queryAllByTestId('lock-path')
    .map((cell) => cell.closest('tr')!);

describe('WebDAV locks in mount management', () => {
  it('offers no lock list to a backend that does not announce it', async () => {
    const calls = renderMounts(['mount-search'], [lock(1)]);
    await screen.findByText('Photos');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/version'))).toBe(true));
    await act(async () => undefined);
    expect(screen.queryAllByTestId('mount-locks-open')).toHaveLength(0);
    expect(calls.some((call) => call.url.includes('/dav-locks'))).toBe(false);
  });

  it('lists a mount’s locks: path, owner text, holder (key name, admin, deleted key), scope, depth, expiry', async () => {
    const longOwner = `${'x'.repeat(200)}…`;
    const calls = renderMounts(
      ['dav-locks'],
      [
        lock(1, { owner: 'mailto:someone@example.com' }),
        lock(2, {
          path: '/photos',
          depth: 'infinity',
          scope: 'shared',
          owner: null,
          holder: { kind: 'admin', id: 'admin-1', name: 'admin' },
        }),
        lock(3, { owner: longOwner, holder: { kind: 'api_key', id: 'gone', name: null } }),
      ],
    );
    const panel = await openLocks('Photos');
    expect(screen.getAllByText('WebDAV locks of Photos').length).toBeGreaterThan(0);
    await waitFor(() => expect(lockRows(panel)).toHaveLength(3));
    const rows = lockRows(panel);
    const [first, second, third] = [rows[0]!, rows[1]!, rows[2]!];
    expect(within(first).getByTestId('lock-path')).toHaveTextContent('/photos/file-1.jpg');
    expect(within(first).getByTestId('lock-owner')).toHaveTextContent('mailto:someone@example.com');
    expect(within(first).getByTestId('lock-holder')).toHaveTextContent('API keylaptop sync');
    expect(within(first).getByTestId('lock-scope')).toHaveTextContent('Exclusive');
    expect(first).toHaveTextContent('This item only');
    expect(within(first).getByTestId('lock-expires').textContent).toMatch(/2025/);

    expect(within(second).getByTestId('lock-path')).toHaveTextContent(/^\/photos$/);
    expect(within(second).queryByTestId('lock-owner')).toBeNull();
    expect(within(second).getByTestId('lock-holder')).toHaveTextContent('Adminadmin');
    expect(within(second).getByTestId('lock-scope')).toHaveTextContent('Shared');
    expect(second).toHaveTextContent('With everything below');

    // A long owner stays on one line; its (server-cut) text is the hint.
    expect(within(third).getByTestId('lock-owner')).toHaveAttribute('title', longOwner);
    expect(within(third).getByTestId('lock-holder')).toHaveTextContent('API key(deleted)');

    expect(calls.filter((call) => call.url.includes('/dav-locks')).map((call) => call.url)).toEqual([
      'http://127.0.0.1:8080/api/admin/mounts/m1/dav-locks?limit=20&offset=0',
    ]);
  });

  it('pages the list on the server', async () => {
    const calls = renderMounts(
      ['dav-locks'],
      Array.from({ length: 25 }, (_, index) => lock(index + 10)),
    );
    const panel = await openLocks('Photos');
    await waitFor(() => expect(lockRows(panel)).toHaveLength(20));
    fireEvent.click(within(panel).getByTitle('2'));
    await waitFor(() => expect(lockRows(panel)).toHaveLength(5));
    expect(within(lockRows(panel)[0]!).getByTestId('lock-path')).toHaveTextContent('/photos/file-30.jpg');
    expect(calls.filter((call) => call.url.includes('/dav-locks')).map((call) => new URL(call.url).search)).toEqual([
      '?limit=20&offset=0',
      '?limit=20&offset=20',
    ]);
  });

  it('releases a lock only after a confirmation, then shows what is left', async () => {
    const locks = [lock(1), lock(2, { path: '/photos/other.jpg', holder: { kind: 'admin', id: 'admin-1', name: 'admin' } })];
    const calls = renderMounts(['dav-locks'], locks);
    const panel = await openLocks('Photos');
    await waitFor(() => expect(lockRows(panel)).toHaveLength(2));
    const deletes = () => calls.filter((call) => call.method === 'DELETE');

    fireEvent.click(within(panel).getByRole('button', { name: 'Release the lock on /photos/file-1.jpg' }));
    expect((await screen.findAllByText('Release this lock?')).length).toBeGreaterThan(0);
    expect(screen.getByText(/The lock of laptop sync on \/photos\/file-1\.jpg is released/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryAllByText('Release this lock?')).toHaveLength(0));
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Release the lock on /photos/file-1.jpg' }));
    await screen.findAllByText('Release this lock?');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]!.url).toBe(
      'http://127.0.0.1:8080/api/admin/mounts/m1/dav-locks/opaquelocktoken%3A00000001-0000-4000-8000-000000000000',
    );
    expect(await screen.findByText('Lock released')).toBeInTheDocument();
    await waitFor(() => expect(lockRows(panel)).toHaveLength(1));
    expect(within(lockRows(panel)[0]!).getByTestId('lock-path')).toHaveTextContent('/photos/other.jpg');
  });

  it('speaks Chinese too', async () => {
    renderMounts(['dav-locks'], [], 'zh-CN');
    await screen.findByText('Photos');
    const open = await waitFor(() => within(rowOf('Photos')).getByRole('button', { name: '查看 Photos 的 WebDAV 锁' }));
    fireEvent.click(open);
    const panel = await screen.findByTestId('mount-locks');
    expect(screen.getAllByText('Photos 的 WebDAV 锁').length).toBeGreaterThan(0);
    expect(await within(panel).findByText('此挂载点当前没有 WebDAV 锁')).toBeInTheDocument();
  });
});

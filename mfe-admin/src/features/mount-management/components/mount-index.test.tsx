import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { MountIndexState } from '@cloudclip/shared-kernel';
import { fakeFetch, renderWithKernel, testKernel, type FakeResponse } from '../../../test/test-kernel';
import { TWO_MOUNTS as MOUNTS } from '@cloudclip/shared-kernel/testing/mount-rows';
import { useMountIndexState } from '../hooks/use-mount-index-state';
import { MountManagementPage } from './mount-management-page';

const indexState = (mountId: string, patch: Partial<MountIndexState>): MountIndexState => ({
  mount_id: mountId,
  status: 'ready',
  entries: 0,
  pending_folders: 0,
  started_at: '2025-07-01T08:00:00.000Z',
  finished_at: '2025-07-01T08:05:00.000Z',
  error: null,
  ...patch,
});

const ok = (data: unknown): FakeResponse => ({ body: { code: 200, message: 'ok', success: true, data } });

/** The admin's mount page against a backend with (or without) mount search; `states` answers each index read. */
function renderMounts(features: string[] | undefined, states: Record<string, MountIndexState>) {
  const fetch = fakeFetch([
    { path: '/api/version', reply: ok({ version: '1.0.0', ...(features ? { features } : {}) }) },
    { path: '/api/admin/s3-configs', reply: ok([]) },
    { method: 'GET', path: '/api/admin/mounts', reply: ok(MOUNTS) },
    { method: 'GET', path: /^\/api\/admin\/mounts\/[^/]+\/index$/, reply: (_, url) => ok(states[url.pathname.split('/')[4]!]) },
    {
      method: 'POST',
      path: /^\/api\/admin\/mounts\/[^/]+\/index\/rebuild$/,
      reply: (_, url) => {
        const id = url.pathname.split('/')[4]!;
        states[id] = indexState(id, { status: 'building', entries: 0, pending_folders: 1, finished_at: null });
        return { status: 202, body: { code: 202, message: 'accepted', success: true, data: states[id] } };
      },
    },
  ]);
  const kernel = testKernel({ language: 'en-US', fetchImpl: fetch.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <MountManagementPage access="full" />, { path: '/mounts' });
  return fetch.calls;
}

const indexCell = (name: string) => {
  const row = screen
    .getAllByTestId('mount-name')
    .find((cell) => cell.textContent === name)!
    .closest('tr')!;
  return within(row).getByTestId('mount-index');
};

describe('mount index in mount management', () => {
  it('shows no index column to a backend without mount search', async () => {
    const calls = renderMounts(['search'], {});
    await screen.findByText('Photos');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/version'))).toBe(true));
    await act(async () => undefined);
    expect(screen.queryAllByText('Search index')).toHaveLength(0);
    expect(screen.queryAllByTestId('mount-index')).toHaveLength(0);
    expect(calls.some((call) => call.url.includes('/index'))).toBe(false);
  });

  it('shows each mount’s index state: status, entries, finished time, error', async () => {
    renderMounts(['mount-search'], {
      m1: indexState('m1', { entries: 12345 }),
      m2: indexState('m2', { status: 'failed', entries: 40, error: 'Access Denied' }),
    });
    await waitFor(() => expect(screen.getAllByTestId('mount-index')).toHaveLength(2));
    await waitFor(() => expect(indexCell('Photos')).toHaveAttribute('data-status', 'ready'));
    const photos = indexCell('Photos');
    expect(within(photos).getByTestId('mount-index-status')).toHaveTextContent('Ready');
    expect(within(photos).getByTestId('mount-index-detail')).toHaveTextContent(/^12,345 entries · finished /);
    await waitFor(() => expect(indexCell('Archive')).toHaveAttribute('data-status', 'failed'));
    expect(within(indexCell('Archive')).getByTestId('mount-index-status')).toHaveTextContent('Failed');
    expect(within(indexCell('Archive')).getByTestId('mount-index-detail')).toHaveTextContent(/^Access Denied · 40 entries/);
  });

  it('rebuilds an index only after a confirmation, then shows it building', async () => {
    const calls = renderMounts(['mount-search'], { m1: indexState('m1', { entries: 7 }), m2: indexState('m2', {}) });
    await waitFor(() => expect(screen.getAllByTestId('mount-index')).toHaveLength(2));
    await waitFor(() => expect(indexCell('Photos')).toHaveAttribute('data-status', 'ready'));
    const rebuilds = () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/index/rebuild'));

    fireEvent.click(screen.getByRole('button', { name: 'Rebuild the index of Photos' }));
    expect((await screen.findAllByText('Rebuild the index of Photos?')).length).toBeGreaterThan(0);
    expect(screen.getByText(/is dropped and its storage crawled again/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryAllByText('Rebuild the index of Photos?')).toHaveLength(0));
    expect(rebuilds()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Rebuild the index of Photos' }));
    await screen.findAllByText('Rebuild the index of Photos?');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(rebuilds()).toHaveLength(1));
    expect(rebuilds()[0]!.url).toBe('http://127.0.0.1:8080/api/admin/mounts/m1/index/rebuild');
    await waitFor(() => expect(indexCell('Photos')).toHaveAttribute('data-status', 'building'));
    expect(within(indexCell('Photos')).getByTestId('mount-index-status')).toHaveTextContent('Building');
    expect(within(indexCell('Photos')).getByTestId('mount-index-detail')).toHaveTextContent('0 entries so far, 1 folders still to list');
    expect(indexCell('Archive')).toHaveAttribute('data-status', 'ready');
  });
});

describe('useMountIndexState', () => {
  afterEach(() => jest.useRealTimers());

  it('polls while the index is building and stops once it is ready', async () => {
    jest.useFakeTimers();
    const answers = [
      indexState('m1', { status: 'building', entries: 10, pending_folders: 3, finished_at: null }),
      indexState('m1', { status: 'building', entries: 50, pending_folders: 1, finished_at: null }),
      indexState('m1', { status: 'ready', entries: 60 }),
    ];
    const fetch = fakeFetch([{ path: '/api/admin/mounts/m1/index', reply: () => ok(answers.shift() ?? indexState('m1', {})) }]);
    const kernel = testKernel({ fetchImpl: fetch.fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    const reads = () => fetch.calls.filter((call) => call.url.endsWith('/api/admin/mounts/m1/index')).length;
    const { result } = renderHook(() => useMountIndexState(kernel.api.mounts, 'm1', 1000));

    await act(async () => undefined);
    expect(result.current.state).toMatchObject({ status: 'building', entries: 10, pending_folders: 3 });
    expect(reads()).toBe(1);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(result.current.state).toMatchObject({ status: 'building', entries: 50 });
    await act(async () => jest.advanceTimersByTime(1000));
    expect(result.current.state).toMatchObject({ status: 'ready', entries: 60 });
    expect(reads()).toBe(3);
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(reads()).toBe(3);
  });

  it('stops polling when the page closes', async () => {
    jest.useFakeTimers();
    const building = indexState('m1', { status: 'building', finished_at: null });
    const fetch = fakeFetch([{ path: '/api/admin/mounts/m1/index', reply: () => ok(building) }]);
    const kernel = testKernel({ fetchImpl: fetch.fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    const { unmount } = renderHook(() => useMountIndexState(kernel.api.mounts, 'm1', 1000));
    await act(async () => undefined);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(fetch.calls).toHaveLength(2);
    unmount();
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(fetch.calls).toHaveLength(2);
  });
});

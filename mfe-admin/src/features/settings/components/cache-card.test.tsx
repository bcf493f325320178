import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { CacheCard } from './cache-card';

describe('CacheCard', () => {
  it.each([
    { scope: 'admin' as const, path: '/api/admin/cache/clear' },
    { scope: 'user' as const, path: '/api/user/cache/clear' },
  ])('asks first, then clears the caches through $path and says how many entries went', async ({ scope, path }) => {
    const { fetchImpl, calls } = fakeFetch([
      { method: 'POST', path, reply: { body: { code: 200, message: 'ok', data: { clearedCount: 4 } } } },
    ]);
    renderWithKernel(testKernel({ language: 'en-US', fetchImpl }), <CacheCard scope={scope} />);
    fireEvent.click(screen.getByTestId('cache-clear'));
    const ok = await screen.findByTestId('confirm-ok');
    expect(screen.getAllByText('Clear every cache?').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    fireEvent.click(ok);
    expect(await screen.findByText('Cache cleared (4 entries)')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([`POST ${path}`]);
  });

  it('shows the server’s refusal as an error message', async () => {
    const { fetchImpl } = fakeFetch([
      { method: 'POST', path: '/api/admin/cache/clear', reply: { status: 500, body: { code: 500, message: 'The cache is busy' } } },
    ]);
    renderWithKernel(testKernel({ language: 'en-US', fetchImpl }), <CacheCard scope="admin" />);
    fireEvent.click(screen.getByTestId('cache-clear'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByText('The cache is busy')).toBeInTheDocument());
  });
});

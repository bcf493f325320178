import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { type Language } from '@cloudclip/shared-kernel';
import { shellTestKernel } from '../../../testing/shell-kernel';
import type { PinnedReleases } from '../release-fingerprint';
import { RELEASE_CHECK_INTERVAL_MS, type ServiceWorkerMessages } from '../hooks/use-new-release';
import { UpdateNotice, type UpdateNoticeProps } from './update-notice';

const BOOTED: PinnedReleases = {
  host: { package: 'host-shell', version: '1.0.0' },
  remotes: [
    { name: 'cloudclip_public', version: '1.0.0', entry: '/remotes/mfe-public/1.0.0/mf-manifest.json' },
    { name: 'cloudclip_upload', version: '1.0.0', entry: '/remotes/mfe-upload/1.0.0/mf-manifest.json' },
  ],
};
const NEW_PUBLIC: PinnedReleases = {
  ...BOOTED,
  remotes: [{ name: 'cloudclip_public', version: '1.1.0', entry: '/remotes/mfe-public/1.1.0/mf-manifest.json' }, BOOTED.remotes[1]!],
};

/** A service worker container the test can post messages from. */
function fakeServiceWorker() {
  const target = new EventTarget();
  const container = target as unknown as ServiceWorkerMessages;
  const post = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  return { container, post };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderNotice(options: Partial<UpdateNoticeProps> & { language?: Language } = {}) {
  const { language = 'en-US', ...props } = options;
  const kernel = shellTestKernel(language);
  const worker = fakeServiceWorker();
  const fetchCurrent = jest.fn(async () => BOOTED);
  const reload = jest.fn();
  const all: UpdateNoticeProps = {
    booted: Promise.resolve(BOOTED),
    fetchCurrent,
    online: true,
    serviceWorker: worker.container,
    reload,
    ...props,
  };
  const view = render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <UpdateNotice {...all} />
    </I18nextProvider>,
  );
  return { ...view, worker, fetchCurrent: all.fetchCurrent as jest.Mock, reload, kernel };
}

const flush = () => act(async () => undefined);

afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

describe('UpdateNotice', () => {
  it('offers to reload when the page comes back into view and another remote release is pinned', async () => {
    const { fetchCurrent, reload } = renderNotice({ fetchCurrent: jest.fn(async () => NEW_PUBLIC) });
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
    await act(async () => setVisibility('visible'));
    await flush();
    expect(fetchCurrent).toHaveBeenCalledTimes(1);
    const notice = screen.getByTestId('app-update-notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('A new version of Cloudclip is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays hidden when the environment still serves the releases the page booted with (in any order)', async () => {
    const reordered = { ...BOOTED, remotes: [...BOOTED.remotes].reverse() };
    const { fetchCurrent } = renderNotice({ fetchCurrent: jest.fn(async () => reordered) });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(fetchCurrent).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
  });

  it('shows when a new host is pinned, and says it in Chinese for a zh-CN visitor', async () => {
    renderNotice({
      language: 'zh-CN',
      fetchCurrent: jest.fn(async () => ({ ...BOOTED, host: { package: 'host-shell', version: '1.0.1' } })),
    });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.getByTestId('app-update-notice')).toHaveTextContent('Cloudclip 有新版本可用。');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('does not count a host missing from one manifest (an older gateway) as a new host', async () => {
    renderNotice({ booted: Promise.resolve({ remotes: BOOTED.remotes }) });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
  });

  it('checks when the service worker has stored a new set, and every ten minutes', async () => {
    jest.useFakeTimers();
    const { worker, fetchCurrent } = renderNotice();
    await act(async () => worker.post({ type: 'cc:status', key: 'a' }));
    expect(fetchCurrent).not.toHaveBeenCalled();
    await act(async () => worker.post({ type: 'cc:precached', key: 'b' }));
    expect(fetchCurrent).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTimeAsync(RELEASE_CHECK_INTERVAL_MS));
    expect(fetchCurrent).toHaveBeenCalledTimes(2);
  });

  it('never checks while offline, nor when the page is hidden', async () => {
    jest.useFakeTimers();
    const { worker, fetchCurrent } = renderNotice({ online: false });
    await act(async () => setVisibility('visible'));
    await act(async () => worker.post({ type: 'cc:precached', key: 'b' }));
    await act(async () => jest.advanceTimersByTimeAsync(RELEASE_CHECK_INTERVAL_MS * 2));
    expect(fetchCurrent).not.toHaveBeenCalled();
    await act(async () => setVisibility('hidden'));
    expect(fetchCurrent).not.toHaveBeenCalled();
  });

  it('ignores a failed check', async () => {
    renderNotice({ fetchCurrent: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
  });

  it('goes away when dismissed, and comes back only for yet another release', async () => {
    const fetchCurrent = jest.fn(async () => NEW_PUBLIC);
    renderNotice({ fetchCurrent });
    await act(async () => setVisibility('visible'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
    fetchCurrent.mockResolvedValue({ ...NEW_PUBLIC, host: { package: 'host-shell', version: '2.0.0' } });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.getByTestId('app-update-notice')).toBeInTheDocument();
  });

  it('hides again when the environment rolls back to what the page runs', async () => {
    const fetchCurrent = jest.fn(async () => NEW_PUBLIC);
    renderNotice({ fetchCurrent });
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.getByTestId('app-update-notice')).toBeInTheDocument();
    fetchCurrent.mockResolvedValue(BOOTED);
    await act(async () => setVisibility('visible'));
    await flush();
    expect(screen.queryByTestId('app-update-notice')).not.toBeInTheDocument();
  });
});

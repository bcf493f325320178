import { act, render, screen } from '@testing-library/react';
import { createKernel, type Kernel } from '@cloudclip/shared-kernel';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { shellResources } from '../i18n/shell-resources';
import { Connectivity } from '../features/offline/connectivity';
import type { RemoteSlotProps } from '../features/remote-slot/components/remote-slot';
import { App } from './app';

// The slot stands in for the remote it would load: what the shell decides to show is under test here.
jest.mock('../features/remote-slot/components/remote-slot', () => ({
  RemoteSlot: ({ remote, unavailable }: RemoteSlotProps) => (
    <div data-testid="remote-slot" data-remote={remote}>
      {unavailable && <div data-testid="slot-unavailable">{unavailable}</div>}
    </div>
  ),
}));
jest.mock('../features/remote-slot/api/remote-prefetch', () => ({ prefetchRemote: jest.fn(), prefetchWhenIdle: jest.fn() }));

function makeKernel(): Kernel {
  const kernel = createKernel({
    storage: memoryStorage({ language: 'en-US', admin_token: 'T0k' }),
    origin: 'https://clip.example.org',
    appConfig: {},
    browserLanguages: ['en-US'],
    fetchImpl: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
  });
  kernel.i18n.addNamespace('shell', shellResources);
  return kernel;
}

/** The offline copy of the boot page: the service worker's meta tag in it. */
function offlineConnectivity(): Connectivity {
  const doc = document.implementation.createHTMLDocument('offline copy');
  doc.head.innerHTML = '<meta name="cloudclip-offline" content="1">';
  return new Connectivity({ doc, fetchImpl: jest.fn(async () => Promise.reject(new TypeError('offline'))) });
}

let connectivity: Connectivity | null = null;
function renderAppAt(path: string, online: boolean) {
  window.history.replaceState(null, '', path);
  connectivity = online ? new Connectivity({ fetchImpl: jest.fn() }) : offlineConnectivity();
  render(<App kernel={makeKernel()} connectivity={connectivity} />);
  return connectivity;
}

afterEach(() => {
  connectivity?.dispose();
  connectivity = null;
});

const main = () => screen.getByRole('main');

describe('App while offline', () => {
  it.each(['/admin', '/admin/settings', '/upload', '/mount-explorer/s3', '/file/abc'])(
    'shows the offline page inside the shell at %s instead of loading the remote',
    (path) => {
      renderAppAt(path, false);
      expect(main()).toContainElement(screen.getByTestId('offline-page'));
      expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
      expect(screen.queryByTestId('remote-slot')).not.toBeInTheDocument();
      // Header and footer stay.
      expect(screen.getByTestId('site-header')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it.each([
    ['/', 'the editor'],
    ['/paste/abc', 'a paste kept for offline reading'],
  ])('keeps the remote at %s (%s), with the offline page in place of its retry box', (path) => {
    renderAppAt(path, false);
    const slot = screen.getByTestId('remote-slot');
    expect(slot).toHaveAttribute('data-remote', 'cloudclip_public');
    expect(screen.getByTestId('slot-unavailable')).toContainElement(screen.getByTestId('offline-page'));
  });

  it('loads the remote again once the connection is back', () => {
    renderAppAt('/admin', false);
    expect(screen.getByTestId('offline-page')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-page')).not.toBeInTheDocument();
  });

  it('keeps a page that is already open when the connection drops', () => {
    renderAppAt('/upload', true);
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-remote', 'cloudclip_upload');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const slot = screen.getByTestId('remote-slot');
    expect(slot).toHaveAttribute('data-remote', 'cloudclip_upload');
    // Only the slot holds the offline page now, for a remote that could not load.
    expect(screen.getAllByTestId('offline-page').every((page) => slot.contains(page))).toBe(true);
  });
});

describe('App while online', () => {
  it('loads the remote of the page, with its retry box for a failure', () => {
    renderAppAt('/', true);
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-remote', 'cloudclip_public');
    expect(screen.queryByTestId('slot-unavailable')).not.toBeInTheDocument();
    expect(screen.queryByTestId('offline-page')).not.toBeInTheDocument();
  });
});

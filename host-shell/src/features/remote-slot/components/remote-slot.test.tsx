import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, type Kernel, type RemoteLifecycles, type RemoteProps } from '@cloudclip/shared-kernel';
import { shellResources } from '../../../i18n/shell-resources';
import { RemoteSlot } from './remote-slot';
import { firstScreenShown, resetFirstScreenForTests } from '../first-screen';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';
import { deferred } from '@cloudclip/shared-kernel/testing/deferred';

function makeKernel(): Kernel {
  const kernel = createKernel({
    storage: memoryStorage({ language: 'en-US' }),
    origin: 'https://clip.example.org',
    appConfig: {},
    browserLanguages: ['en-US'],
    fetchImpl: jest.fn() as unknown as typeof fetch,
  });
  kernel.i18n.addNamespace('shell', shellResources);
  return kernel;
}

/** Lifecycles of a pretend remote that renders one paragraph into its element. */
function fakeLifecycles() {
  const mounted: RemoteProps[] = [];
  const lifecycles = {
    bootstrap: jest.fn(async () => undefined),
    mount: jest.fn(async (props: RemoteProps) => {
      mounted.push(props);
      const paragraph = document.createElement('p');
      paragraph.textContent = `remote content at ${props.basename}`;
      props.domElement.appendChild(paragraph);
    }),
    unmount: jest.fn(async (props: RemoteProps) => {
      props.domElement.innerHTML = '';
    }),
  } satisfies RemoteLifecycles;
  return { lifecycles, mounted };
}

function renderSlot(kernel: Kernel, load: (remote: string, fresh: boolean) => Promise<RemoteLifecycles>, onMounted?: () => void) {
  return render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <RemoteSlot kernel={kernel} remote="cloudclip_upload" basename="/upload" load={load} onMounted={onMounted} />
    </I18nextProvider>,
  );
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
});

/** Puts the boot page's first screen (`#cc-first-screen`, with `data-live` when given) in the page around each test of the block. */
function withBootFirstScreen(innerHtml: string, live?: string) {
  beforeEach(() => {
    resetFirstScreenForTests();
    const firstScreen = document.createElement('div');
    firstScreen.id = 'cc-first-screen';
    if (live) firstScreen.setAttribute('data-live', live);
    firstScreen.innerHTML = innerHtml;
    document.body.appendChild(firstScreen);
  });
  afterEach(() => {
    document.getElementById('cc-first-screen')?.remove();
    resetFirstScreenForTests();
    delete document.documentElement.dataset.firstScreen;
  });
}

/** With fake timers: the first screen still shows once the remote is mounted, and is gone 3 s later. */
async function expectDroppedAfterGracePeriod(load: () => Promise<RemoteLifecycles>) {
  jest.useFakeTimers();
  try {
    renderSlot(makeKernel(), load);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted');
    expect(firstScreenShown()).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(firstScreenShown()).toBe(false);
  } finally {
    jest.useRealTimers();
  }
}

describe('RemoteSlot', () => {
  it('tells its owner once the remote is mounted (the idle prefetch of the other areas starts then), and not before', async () => {
    const kernel = makeKernel();
    const { lifecycles } = fakeLifecycles();
    const pending = deferred<RemoteLifecycles>();
    const onMounted = jest.fn();
    renderSlot(kernel, () => pending.promise, onMounted);
    expect(onMounted).not.toHaveBeenCalled();
    await act(async () => pending.resolve(lifecycles));
    await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
    expect(onMounted).toHaveBeenCalledTimes(1);
  });

  it('shows a loading state until the remote is loaded, then mounts it with the kernel and its basename', async () => {
    const kernel = makeKernel();
    const { lifecycles, mounted } = fakeLifecycles();
    const pending = deferred<RemoteLifecycles>();
    const load = jest.fn(() => pending.promise);
    renderSlot(kernel, load);

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'loading');
    expect(load).toHaveBeenCalledWith('cloudclip_upload', false);

    await act(async () => pending.resolve(lifecycles));
    await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
    expect(screen.getByText('remote content at /upload')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.kernel).toBe(kernel);
    expect(mounted[0]?.basename).toBe('/upload');
    expect(screen.getByTestId('remote-slot')).toContainElement(mounted[0]?.domElement ?? null);
  });

  it('passes the federation container name to the remote as its name prop', async () => {
    const kernel = makeKernel();
    const { lifecycles, mounted } = fakeLifecycles();
    renderSlot(
      kernel,
      jest.fn(async () => lifecycles),
    );
    await waitFor(() => expect(mounted).toHaveLength(1));
    // RemoteProps.name is documented as the federation container name (shared-kernel types/remote.ts).
    expect(mounted[0]?.name).toBe('cloudclip_upload');
  });

  it('shows the failure with a retry button when loading the remote fails', async () => {
    const kernel = makeKernel();
    const load = jest.fn(async () => {
      throw new Error('remoteEntry.js 502');
    });
    renderSlot(kernel, load);
    const failure = await screen.findByTestId('remote-failure');
    expect(failure).toHaveTextContent('This part of the page failed to load');
    expect(failure).toHaveTextContent('The rest of the site keeps working.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'failed');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows what the host gives it for an unavailable remote (the offline page) instead of the retry box', async () => {
    const kernel = makeKernel();
    render(
      <I18nextProvider i18n={kernel.i18n.i18n}>
        <RemoteSlot
          kernel={kernel}
          remote="cloudclip_public"
          basename="/"
          load={async () => Promise.reject(new TypeError('Failed to fetch'))}
          unavailable={<p data-testid="offline-stand-in">offline</p>}
        />
      </I18nextProvider>,
    );
    expect(await screen.findByTestId('offline-stand-in')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-failure')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('loads the remote afresh and mounts it when retry is clicked', async () => {
    const kernel = makeKernel();
    const { lifecycles } = fakeLifecycles();
    const load = jest.fn(async (_remote: string, fresh: boolean) => {
      if (!fresh) throw new Error('first attempt fails');
      return lifecycles;
    });
    renderSlot(kernel, load);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
    expect(load.mock.calls).toEqual([
      ['cloudclip_upload', false],
      ['cloudclip_upload', true],
    ]);
    expect(screen.queryByTestId('remote-failure')).not.toBeInTheDocument();
    expect(screen.getByText('remote content at /upload')).toBeVisible();
  });

  it('shows the failure again when the retry fails too', async () => {
    const kernel = makeKernel();
    const load = jest.fn(async () => {
      throw new Error('still down');
    });
    renderSlot(kernel, load);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('remote-failure')).toBeInTheDocument();
  });

  it('shows the failure when the remote throws while mounting', async () => {
    const kernel = makeKernel();
    const { lifecycles } = fakeLifecycles();
    lifecycles.mount.mockImplementation(async () => {
      throw new Error('render crash');
    });
    renderSlot(
      kernel,
      jest.fn(async () => lifecycles),
    );
    expect(await screen.findByTestId('remote-failure')).toBeInTheDocument();
  });

  it('unmounts the remote when the slot goes away', async () => {
    const kernel = makeKernel();
    const { lifecycles } = fakeLifecycles();
    const view = renderSlot(
      kernel,
      jest.fn(async () => lifecycles),
    );
    await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
    view.unmount();
    await waitFor(() => expect(lifecycles.unmount).toHaveBeenCalledTimes(1));
  });

  describe("with the boot page's first screen", () => {
    withBootFirstScreen('<div data-lang="en-US"><h1>File upload</h1></div>');

    it("keeps it while the remote loads and drops it when the remote's page is there", async () => {
      const kernel = makeKernel();
      const pending = deferred<RemoteLifecycles>();
      renderSlot(kernel, () => pending.promise);
      expect(firstScreenShown()).toBe(true);
      expect(document.documentElement.dataset.firstScreen).toBe('shown');
      const lifecycles = {
        bootstrap: jest.fn(async () => undefined),
        mount: jest.fn(async (props: RemoteProps) => {
          props.domElement.innerHTML = '<section data-area="upload"><h1>File upload</h1></section>';
        }),
        unmount: jest.fn(async () => undefined),
      } satisfies RemoteLifecycles;
      await act(async () => pending.resolve(lifecycles));
      await waitFor(() => expect(document.getElementById('cc-first-screen')).toBeNull());
      expect(document.documentElement.dataset.firstScreen).toBeUndefined();
      expect(screen.getAllByRole('heading', { name: 'File upload' })).toHaveLength(1);
    });

    it('drops it when the remote fails, so the failure and its retry show', async () => {
      const kernel = makeKernel();
      renderSlot(kernel, async () => {
        throw new Error('remoteEntry.js 502');
      });
      expect(await screen.findByTestId('remote-failure')).toBeInTheDocument();
      expect(document.getElementById('cc-first-screen')).toBeNull();
    });

    it('drops it when the remote is mounted but shows no page within the grace period', async () => {
      const { lifecycles } = fakeLifecycles();
      await expectDroppedAfterGracePeriod(async () => lifecycles);
    });
  });

  describe('with a live first screen (data-live)', () => {
    withBootFirstScreen('<div data-lang="en-US"><div data-server-rendered="paste"><h1>Notes</h1></div></div>', 'server');

    /** A remote whose page is in at mount (its loading state) and that adopts nothing by itself. */
    function adoptingRemote() {
      return {
        bootstrap: jest.fn(async () => undefined),
        mount: jest.fn(async (props: RemoteProps) => {
          props.domElement.innerHTML = '<section data-area="public"><p>Loading…</p></section>';
        }),
        unmount: jest.fn(async () => undefined),
      } satisfies RemoteLifecycles;
    }

    it("keeps it after the page is in, until the page says it adopted it (the kernel's bus event)", async () => {
      const kernel = makeKernel();
      renderSlot(kernel, async () => adoptingRemote());
      await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
      expect(document.querySelector('[data-area="public"]')).not.toBeNull();
      expect(firstScreenShown()).toBe(true);

      act(() => kernel.bus.emit('first-screen-adopted', {}));
      expect(document.getElementById('cc-first-screen')).toBeNull();
    });

    it('drops it the grace period after the page is in when nothing adopts it', async () => {
      await expectDroppedAfterGracePeriod(async () => adoptingRemote());
    });

    it('drops it when the remote fails', async () => {
      renderSlot(makeKernel(), async () => {
        throw new Error('remoteEntry.js 502');
      });
      expect(await screen.findByTestId('remote-failure')).toBeInTheDocument();
      expect(document.getElementById('cc-first-screen')).toBeNull();
    });

    it('drops it when the visitor leaves (the slot goes)', async () => {
      const view = renderSlot(makeKernel(), async () => adoptingRemote());
      await waitFor(() => expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-status', 'mounted'));
      expect(firstScreenShown()).toBe(true);
      view.unmount();
      expect(document.getElementById('cc-first-screen')).toBeNull();
    });
  });
});

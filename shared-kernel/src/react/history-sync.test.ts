import { installHistorySync } from './history-sync';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A window with just what history sync touches: history, location and dispatchEvent. */
function fakeWindow(href = 'http://app.test/') {
  const dispatched: PopStateEvent[] = [];
  /** pushState and replaceState alike: the state, and the URL (resolved against the current one) when given. */
  const navigate = (data: unknown, _unused: string, url?: string | URL | null) => {
    win.history.state = data;
    if (url !== undefined && url !== null) win.location.href = new URL(String(url), win.location.href).href;
  };
  const win = {
    location: { href },
    history: { state: null as unknown, pushState: navigate, replaceState: navigate },
    dispatchEvent: (event: Event) => {
      dispatched.push(event as PopStateEvent);
      return true;
    },
  };
  return { win, asWindow: win as unknown as Window, dispatched };
}

/** A fake window with history sync installed on it. */
function syncedWindow(href?: string) {
  const fake = fakeWindow(href);
  installHistorySync(fake.asWindow);
  return fake;
}

describe('installHistorySync (fake window)', () => {
  it('announces a pushState to a new URL with one popstate carrying the new state', async () => {
    const { win, dispatched } = syncedWindow();
    win.history.pushState({ page: 2 }, '', '/upload');
    await flush();
    expect(win.location.href).toBe('http://app.test/upload');
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]?.type).toBe('popstate');
    expect(dispatched[0]?.state).toEqual({ page: 2 });
  });

  it('lets the navigating router finish first: the popstate comes after pushState returns', async () => {
    const { win, dispatched } = syncedWindow();
    win.history.pushState(null, '', '/admin');
    expect(dispatched).toHaveLength(0);
    await flush();
    expect(dispatched).toHaveLength(1);
  });

  it('announces nothing for a pushState to the same URL', async () => {
    const { win, dispatched } = syncedWindow('http://app.test/upload');
    win.history.pushState({ again: true }, '', '/upload');
    win.history.pushState({ again: true }, '');
    await flush();
    expect(dispatched).toHaveLength(0);
  });

  it('announces a replaceState to a new URL too', async () => {
    const { win, dispatched } = syncedWindow();
    win.history.replaceState(null, '', '/mount-explorer/docs');
    await flush();
    expect(dispatched.map((event) => event.type)).toEqual(['popstate']);
  });

  it('wraps only once when installed twice', async () => {
    const { win, asWindow, dispatched } = syncedWindow();
    installHistorySync(asWindow);
    win.history.pushState(null, '', '/paste/abc');
    await flush();
    expect(dispatched).toHaveLength(1);
  });

  it('announces each navigation', async () => {
    const { win, dispatched } = syncedWindow();
    win.history.pushState(null, '', '/a');
    win.history.pushState(null, '', '/b');
    await flush();
    expect(dispatched).toHaveLength(2);
  });
});

describe('installHistorySync (jsdom window)', () => {
  beforeAll(() => {
    installHistorySync(window);
    installHistorySync(window);
  });

  it('makes other routers hear a pushState as exactly one popstate', async () => {
    const heard: unknown[] = [];
    const listener = (event: PopStateEvent) => heard.push(event.state);
    window.addEventListener('popstate', listener);
    window.history.pushState({ from: 'upload' }, '', '/upload');
    await flush();
    window.removeEventListener('popstate', listener);
    expect(window.location.pathname).toBe('/upload');
    expect(heard).toEqual([{ from: 'upload' }]);
  });

  it('stays silent for a pushState to the current URL', async () => {
    window.history.pushState(null, '', '/same');
    await flush();
    let heard = 0;
    const listener = () => (heard += 1);
    window.addEventListener('popstate', listener);
    window.history.pushState(null, '', '/same');
    await flush();
    window.removeEventListener('popstate', listener);
    expect(heard).toBe(0);
  });
});

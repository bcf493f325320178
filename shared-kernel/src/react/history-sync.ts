/**
 * Each app has its own router. Routers only hear `popstate`, so a navigation made by one router
 * (pushState) is announced to the others with a synthetic `popstate`. Installed once per page.
 */
const INSTALLED = '__cloudclipHistorySync';

export function installHistorySync(win: Window = window): void {
  const marker = win as unknown as Record<string, boolean>;
  if (marker[INSTALLED]) return;
  marker[INSTALLED] = true;
  const wrap = (method: 'pushState' | 'replaceState') => {
    const original = win.history[method].bind(win.history);
    win.history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      const before = win.location.href;
      original(data, unused, url);
      if (win.location.href !== before) {
        // Let the router that navigated finish its own update first.
        queueMicrotask(() => win.dispatchEvent(new PopStateEvent('popstate', { state: win.history.state })));
      }
    };
  };
  wrap('pushState');
  wrap('replaceState');
}

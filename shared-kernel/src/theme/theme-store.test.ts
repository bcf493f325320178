import { EventBus, type BusMessage } from '../bus/event-bus';
import { nextThemeMode, ThemeStore, type ThemeState } from './theme-store';
import { DARK_PALETTE, LIGHT_PALETTE } from './theme-tokens';
import { memoryStorage } from '../../testing/memory-storage';

/** A `prefers-color-scheme: dark` media query whose answer the test flips. */
function fakeMedia(initiallyDark: boolean) {
  const listeners: (() => void)[] = [];
  const queries: string[] = [];
  const media = {
    matches: initiallyDark,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'change') listeners.push(listener);
    },
    removeEventListener: () => undefined,
  };
  const matchMedia = (query: string) => {
    queries.push(query);
    return media as unknown as MediaQueryList;
  };
  const setDark = (dark: boolean) => {
    media.matches = dark;
    for (const listener of listeners) listener();
  };
  return { matchMedia, setDark, queries };
}

function setup(options: { stored?: Record<string, string>; osDark?: boolean } = {}) {
  const storage = memoryStorage(options.stored);
  const bus = new EventBus();
  const events: BusMessage[] = [];
  bus.events$.subscribe((message) => events.push(message));
  const media = fakeMedia(options.osDark ?? false);
  const store = new ThemeStore(storage, bus, media.matchMedia);
  return { store, storage, events, media };
}

describe('ThemeStore', () => {
  it('starts in auto and asks the OS for prefers-color-scheme: dark', () => {
    const { store, media } = setup();
    expect(store.snapshot).toEqual({ mode: 'auto', dark: false });
    expect(media.queries).toEqual(['(prefers-color-scheme: dark)']);
  });

  it('restores the mode saved in themeMode', () => {
    expect(setup({ stored: { themeMode: 'dark' } }).store.snapshot).toEqual({ mode: 'dark', dark: true });
    expect(setup({ stored: { themeMode: 'light' }, osDark: true }).store.snapshot).toEqual({ mode: 'light', dark: false });
  });

  it('ignores an unknown saved mode', () => {
    expect(setup({ stored: { themeMode: 'sepia' } }).store.snapshot.mode).toBe('auto');
  });

  it('cycles auto → light → dark → auto and saves each step in themeMode', () => {
    const { store, storage } = setup();
    const steps: [string, string | undefined][] = [];
    for (let index = 0; index < 3; index += 1) {
      const mode = store.cycle();
      steps.push([mode, storage.data.get('themeMode')]);
    }
    expect(steps).toEqual([
      ['light', 'light'],
      ['dark', 'dark'],
      ['auto', 'auto'],
    ]);
    expect(store.snapshot.mode).toBe('auto');
  });

  it('nextThemeMode follows the same cycle', () => {
    expect(['auto', 'light', 'dark'].map((mode) => nextThemeMode(mode as 'auto'))).toEqual(['light', 'dark', 'auto']);
  });

  it('in auto follows the OS appearance, including later changes', () => {
    const { store, media } = setup({ osDark: true });
    expect(store.snapshot).toEqual({ mode: 'auto', dark: true });
    media.setDark(false);
    expect(store.snapshot).toEqual({ mode: 'auto', dark: false });
    media.setDark(true);
    expect(store.snapshot.dark).toBe(true);
  });

  it('ignores OS changes outside auto', () => {
    const { store, media, events } = setup({ stored: { themeMode: 'light' } });
    media.setDark(true);
    expect(store.snapshot).toEqual({ mode: 'light', dark: false });
    expect(events).toEqual([]);
  });

  it('emits theme-changed with mode and effective appearance', () => {
    const { store, events, media } = setup();
    store.setMode('dark');
    store.setMode('auto');
    media.setDark(true);
    expect(events).toEqual([
      { type: 'theme-changed', payload: { mode: 'dark', dark: true } },
      { type: 'theme-changed', payload: { mode: 'auto', dark: false } },
      { type: 'theme-changed', payload: { mode: 'auto', dark: true } },
    ]);
  });

  it('does not emit theme-changed when nothing changed', () => {
    const { store, events } = setup({ stored: { themeMode: 'dark' } });
    store.setMode('dark');
    expect(events).toEqual([]);
  });

  it('ignores an unknown mode', () => {
    const { store, storage } = setup();
    store.setMode('sepia' as 'auto');
    expect(store.snapshot.mode).toBe('auto');
    expect(storage.data.has('themeMode')).toBe(false);
  });

  it('works without matchMedia (auto is then light)', () => {
    const store = new ThemeStore(memoryStorage(), new EventBus(), undefined);
    expect(store.snapshot).toEqual({ mode: 'auto', dark: false });
    store.setMode('dark');
    expect(store.snapshot.dark).toBe(true);
  });

  it('changes() and dark$() report the state; dark$ only on appearance changes', () => {
    const { store } = setup();
    const states: ThemeState[] = [];
    const darks: boolean[] = [];
    store.changes().subscribe((state) => states.push(state));
    store.dark$().subscribe((dark) => darks.push(dark));
    store.setMode('light');
    store.setMode('dark');
    store.setMode('auto');
    expect(states.map((state) => state.mode)).toEqual(['auto', 'light', 'dark', 'auto']);
    expect(darks).toEqual([false, true, false]);
  });
});

describe('ThemeStore.applyToDocument', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.removeAttribute('data-theme-mode');
    document.documentElement.removeAttribute('style');
  });

  it('sets data-theme, data-theme-mode and the --cc-* variables, and follows changes', () => {
    const { store } = setup();
    const root = document.documentElement;
    const stop = store.applyToDocument(document);
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.getAttribute('data-theme-mode')).toBe('auto');
    expect(root.style.getPropertyValue('--cc-primary')).toBe(LIGHT_PALETTE.colorPrimary);
    expect(root.style.getPropertyValue('--cc-bg')).toBe(LIGHT_PALETTE.colorBg);
    expect(root.style.getPropertyValue('--cc-radius')).toBe('8px');

    store.setMode('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-theme-mode')).toBe('dark');
    expect(root.style.getPropertyValue('--cc-primary')).toBe(DARK_PALETTE.colorPrimary);
    expect(root.style.getPropertyValue('--cc-text-secondary')).toBe(DARK_PALETTE.colorTextSecondary);
    stop();
  });

  it('stops following the theme once the returned function is called', () => {
    const { store } = setup();
    const stop = store.applyToDocument(document);
    stop();
    store.setMode('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});

import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import { STORAGE_KEYS, type SafeStorage } from '../storage-keys';
import type { EventBus } from '../bus/event-bus';
import { DEFAULT_THEME_MODE } from '../constants';
import { THEME_MODE_CYCLE, type ThemeMode } from '../types/preferences';
import { cssVariables } from './theme-tokens';

export interface ThemeState {
  mode: ThemeMode;
  /** The effective appearance: `auto` follows the operating system. */
  dark: boolean;
}

function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODE_CYCLE as readonly string[]).includes(value);
}

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODE_CYCLE.indexOf(mode);
  return THEME_MODE_CYCLE[(index + 1) % THEME_MODE_CYCLE.length] ?? 'auto';
}

/** Theme mode auto → light → dark, saved in localStorage `themeMode`, following the OS in auto. */
export class ThemeStore {
  private readonly state$: BehaviorSubject<ThemeState>;
  private readonly media: MediaQueryList | null;

  constructor(
    private readonly storage: SafeStorage,
    private readonly bus: EventBus,
    matchMedia: ((query: string) => MediaQueryList) | undefined = typeof window !== 'undefined'
      ? window.matchMedia?.bind(window)
      : undefined,
  ) {
    this.media = matchMedia ? matchMedia('(prefers-color-scheme: dark)') : null;
    const saved = storage.get(STORAGE_KEYS.themeMode);
    const mode: ThemeMode = isThemeMode(saved) ? saved : DEFAULT_THEME_MODE;
    this.state$ = new BehaviorSubject<ThemeState>({ mode, dark: this.resolveDark(mode) });
    this.media?.addEventListener?.('change', () => {
      if (this.state$.value.mode === 'auto') this.publish('auto');
    });
  }

  private resolveDark(mode: ThemeMode): boolean {
    if (mode === 'dark') return true;
    if (mode === 'light') return false;
    return !!this.media?.matches;
  }

  private publish(mode: ThemeMode): void {
    const next = { mode, dark: this.resolveDark(mode) };
    const previous = this.state$.value;
    this.state$.next(next);
    if (previous.mode !== next.mode || previous.dark !== next.dark) this.bus.emit('theme-changed', next);
  }

  get snapshot(): ThemeState {
    return this.state$.value;
  }

  changes(): Observable<ThemeState> {
    return this.state$.asObservable();
  }

  dark$(): Observable<boolean> {
    return this.state$.pipe(
      map((state) => state.dark),
      distinctUntilChanged(),
    );
  }

  setMode(mode: ThemeMode): void {
    if (!isThemeMode(mode)) return;
    this.storage.set(STORAGE_KEYS.themeMode, mode);
    this.publish(mode);
  }

  /** auto → light → dark → auto. */
  cycle(): ThemeMode {
    const mode = nextThemeMode(this.state$.value.mode);
    this.setMode(mode);
    return mode;
  }

  /** Keeps `<html data-theme>`, `color-scheme` and the `--cc-*` variables in step with the theme. */
  applyToDocument(doc: Document): () => void {
    const subscription = this.changes().subscribe((state) => {
      const root = doc.documentElement;
      root.dataset.theme = state.dark ? 'dark' : 'light';
      root.dataset.themeMode = state.mode;
      root.style.colorScheme = state.dark ? 'dark' : 'light';
      for (const [name, value] of Object.entries(cssVariables(state.dark))) root.style.setProperty(name, value);
    });
    return () => subscription.unsubscribe();
  }
}

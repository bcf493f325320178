import { lazy, type ComponentType } from 'react';

/** A lazily loaded page component that can be loaded ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Loads the page's chunk; once it has resolved, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` for a remote's pages, with a `preload()`.
 *
 * A `lazy` component always suspends on its first render, even when its chunk is already in the
 * browser's cache (the gateway preloads the page's chunks with the host): the Suspense fallback is
 * committed, and when the page then shows a fallback of its own (an editor still loading), React
 * holds that second reveal back for up to 500 ms (its fallback throttling). A page preloaded before
 * the remote renders (`RemoteSpaOptions.preload`) is rendered directly, in the first commit.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed load may be retried by the next render (React.lazy reports it to the boundary).
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // Typed as the page itself: React.lazy's exotic props type does not spread a generic P.
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  }) as unknown as ComponentType<P>;
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

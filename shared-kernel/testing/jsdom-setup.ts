/**
 * The jsdom set-up every client package's unit tests share (jest `setupFilesAfterEnv`, after
 * `@testing-library/jest-dom`, which each package lists itself): what jsdom lacks and the apps use.
 */

// matchMedia (the theme follows `prefers-color-scheme`; antd's responsive helpers ask it too):
// nothing matches, and listeners are accepted and never called.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

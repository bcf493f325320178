/**
 * Freezes only the clock (`Date`, `Date.now()`) at `at`: timers, promises, animation frames and
 * Testing Library's waitFor keep running in real time. Undo with `jest.useRealTimers()`.
 */
export function freezeClock(at: Date): void {
  jest.useFakeTimers({
    now: at,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'performance',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'hrtime',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });
}

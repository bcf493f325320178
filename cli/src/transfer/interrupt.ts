/** An AbortSignal that fires on Ctrl-C (SIGINT) or when `outer` aborts, while a transfer runs. */
export function interruptSignal(outer?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('SIGINT'));
  const onOuter = () => controller.abort(outer?.reason);
  process.on('SIGINT', onSigint);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSigint);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

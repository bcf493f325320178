/**
 * Runs the tasks with at most `concurrency` in flight, in order. The first failure (or an abort of
 * `signal`) stops starting new tasks and rejects once the running ones have settled; the caller
 * aborts them through the same signal.
 */
export async function runPool<T>(tasks: ReadonlyArray<() => Promise<T>>, concurrency: number, signal?: AbortSignal): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      if (signal?.aborted) {
        failure = { error: signal.reason };
        return;
      }
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        if (failure === null) failure = { error };
      }
    }
  };
  const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, tasks.length));
  await Promise.all(Array.from({ length: width }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}

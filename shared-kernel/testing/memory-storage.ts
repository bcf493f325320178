import type { SafeStorage } from '../src/storage-keys';

/** A `SafeStorage` kept in a Map (`data`, for tests to look at), filled with `initial`. */
export function memoryStorage(initial: Record<string, string> = {}): SafeStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

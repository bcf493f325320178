/**
 * Freezes a value and everything inside it. The rules and constants here are shared by every part
 * of the product (the kernel is one instance on the page, the server one per process), so nobody
 * may change them in place.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const key of Reflect.ownKeys(value)) {
      deepFreeze((value as Record<PropertyKey, unknown>)[key]);
    }
    Object.freeze(value);
  }
  return value;
}

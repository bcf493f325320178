// IndexedDB for jsdom tests: fake-indexeddb, which clones values with `structuredClone` (jsdom has
// none; Node's serializer stands in). Import it before the code under test.
import { deserialize, serialize } from 'node:v8';

if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the polyfill above
require('fake-indexeddb/auto');

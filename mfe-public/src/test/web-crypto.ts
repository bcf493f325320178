/**
 * jsdom's window has `crypto.getRandomValues` but no `crypto.subtle`, TextEncoder or TextDecoder,
 * all of which the browser has and @cloudclip/contract/paste-crypto uses. Importing this module in a test
 * gives the jsdom globals Node's own implementations (WebCrypto is Node's, the same algorithms).
 */
import { webcrypto } from 'node:crypto';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.defineProperty(globalThis, 'TextEncoder', { value: NodeTextEncoder, configurable: true, writable: true });
}
if (typeof globalThis.TextDecoder === 'undefined') {
  Object.defineProperty(globalThis, 'TextDecoder', { value: NodeTextDecoder, configurable: true, writable: true });
}

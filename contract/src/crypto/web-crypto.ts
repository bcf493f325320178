/**
 * The few WebCrypto and text-encoding calls the paste envelope makes, typed here because the contract
 * compiles without the DOM library (and without Node's types): browsers and Node 20 both provide
 * `globalThis.crypto` (WebCrypto), `TextEncoder` and `TextDecoder`. Only the shapes used are
 * declared, so these types never clash with the DOM's when a browser build checks this code.
 */

/** Bytes on a plain ArrayBuffer: what WebCrypto accepts as input. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A key handle WebCrypto made; opaque to this code. */
export interface WebCryptoKey {
  readonly type: string;
}

export type WebCryptoKeyUsage = 'encrypt' | 'decrypt' | 'deriveKey';

interface AesGcmParams {
  name: 'AES-GCM';
  iv: Bytes;
}

interface SubtleCryptoSubset {
  importKey(
    format: 'raw',
    keyData: Bytes,
    algorithm: 'AES-GCM' | 'PBKDF2',
    extractable: false,
    usages: WebCryptoKeyUsage[],
  ): Promise<WebCryptoKey>;
  deriveKey(
    algorithm: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Bytes; iterations: number },
    baseKey: WebCryptoKey,
    derivedKeyType: { name: 'AES-GCM'; length: 256 },
    extractable: false,
    usages: WebCryptoKeyUsage[],
  ): Promise<WebCryptoKey>;
  encrypt(algorithm: AesGcmParams, key: WebCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  decrypt(algorithm: AesGcmParams, key: WebCryptoKey, data: Bytes): Promise<ArrayBuffer>;
}

interface WebCryptoGlobals {
  crypto: { subtle: SubtleCryptoSubset; getRandomValues(array: Bytes): Bytes };
  TextEncoder: new () => { encode(text: string): Bytes };
  TextDecoder: new (label: 'utf-8', options: { fatal: true }) => { decode(bytes: ArrayBuffer): string };
}

const globals = globalThis as unknown as WebCryptoGlobals;

/** WebCrypto's `subtle`, looked up at each call (a test or a polyfill may install it late). */
export function subtle(): SubtleCryptoSubset {
  return globals.crypto.subtle;
}

/** `length` bytes from the platform's cryptographically strong generator. */
export function randomBytes(length: number): Bytes {
  return globals.crypto.getRandomValues(new Uint8Array(length));
}

/** The UTF-8 bytes of `text`. */
export function utf8Encode(text: string): Bytes {
  return new globals.TextEncoder().encode(text);
}

/** The text of UTF-8 `bytes`; throws on a malformed sequence. */
export function utf8DecodeStrict(bytes: ArrayBuffer): string {
  return new globals.TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Base64url without padding (RFC 4648 §5), the encoding of every binary field of a paste envelope
 * and of the key in a link's fragment. Decoding is strict: a character outside the alphabet,
 * padding, whitespace, an impossible length or non-zero unused bits in the last character are
 * refused, so every byte string has exactly one spelling — a key changed in its last character
 * never decodes to the same bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const VALUES = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < ALPHABET.length; index += 1) table[ALPHABET.charCodeAt(index)] = index;
  return table;
})();

/** The base64url spelling of `bytes`, without padding. */
export function encodeBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let index = 0; index < bytes.length; index += 3) {
    const b0 = bytes[index] ?? 0;
    const b1 = bytes[index + 1];
    const b2 = bytes[index + 2];
    parts.push(ALPHABET.charAt(b0 >> 2), ALPHABET.charAt(((b0 & 0x03) << 4) | ((b1 ?? 0) >> 4)));
    if (b1 !== undefined) parts.push(ALPHABET.charAt(((b1 & 0x0f) << 2) | ((b2 ?? 0) >> 6)));
    if (b2 !== undefined) parts.push(ALPHABET.charAt(b2 & 0x3f));
  }
  return parts.join('');
}

function valueAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? (VALUES[code] ?? -1) : -1;
}

/** The bytes spelled by `text`, or null when it is not canonical unpadded base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  const tail = text.length % 4;
  if (tail === 1) return null;
  const bytes = new Uint8Array(Math.floor(text.length / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let out = 0;
  for (let index = 0; index < text.length; index += 4) {
    const c0 = valueAt(text, index);
    const c1 = valueAt(text, index + 1);
    if (c0 < 0 || c1 < 0) return null;
    bytes[out++] = (c0 << 2) | (c1 >> 4);
    if (index + 2 >= text.length) {
      if ((c1 & 0x0f) !== 0) return null;
      break;
    }
    const c2 = valueAt(text, index + 2);
    if (c2 < 0) return null;
    bytes[out++] = ((c1 & 0x0f) << 4) | (c2 >> 2);
    if (index + 3 >= text.length) {
      if ((c2 & 0x03) !== 0) return null;
      break;
    }
    const c3 = valueAt(text, index + 3);
    if (c3 < 0) return null;
    bytes[out++] = ((c2 & 0x03) << 6) | c3;
  }
  return bytes;
}

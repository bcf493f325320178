// Subresource-integrity checks in the worker: a file with a known digest (the `integrity` of the
// request, or the digest app-cache.json lists for its address) is stored only when its bytes match,
// so a cache can never hold a file the page itself would refuse.

const ALGORITHMS: Record<string, { name: string; strength: number }> = {
  sha256: { name: 'SHA-256', strength: 1 },
  sha384: { name: 'SHA-384', strength: 2 },
  sha512: { name: 'SHA-512', strength: 3 },
};

interface Digest {
  algorithm: string;
  value: string;
}

/** The digests of an integrity value (`sha384-… sha512-…`) that count: those of its strongest algorithm. */
export function parseIntegrity(integrity: string): Digest[] {
  const digests: Digest[] = [];
  for (const token of integrity.trim().split(/\s+/)) {
    const match = /^(sha256|sha384|sha512)-([A-Za-z0-9+/_-]+={0,2})(?:\?.*)?$/.exec(token);
    if (match) digests.push({ algorithm: match[1] as string, value: match[2] as string });
  }
  const strongest = Math.max(0, ...digests.map((digest) => ALGORITHMS[digest.algorithm]?.strength ?? 0));
  return digests.filter((digest) => ALGORITHMS[digest.algorithm]?.strength === strongest);
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}

/** base64url → base64, padded, so both spellings of a digest compare equal. */
function normalise(value: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
}

/**
 * Whether bytes match an integrity value. An empty value, or one with no digest this worker knows,
 * matches nothing: the caller asked for a check, so a file that cannot be checked is not stored.
 */
export async function matchesIntegrity(body: ArrayBuffer, integrity: string, subtle: SubtleCrypto): Promise<boolean> {
  const digests = parseIntegrity(integrity);
  if (digests.length === 0) return false;
  const computed = new Map<string, string>();
  for (const digest of digests) {
    const algorithm = ALGORITHMS[digest.algorithm];
    if (!algorithm) continue;
    let actual = computed.get(digest.algorithm);
    if (actual === undefined) {
      actual = toBase64(await subtle.digest(algorithm.name, body));
      computed.set(digest.algorithm, actual);
    }
    if (actual === normalise(digest.value)) return true;
  }
  return false;
}

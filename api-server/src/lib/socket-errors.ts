/**
 * Node's socket error codes for a peer (a database, a storage) that is down, unreachable or went
 * away in the middle of a request: the one list both the database's availability check and the
 * storage's error mapping use.
 */
const PEER_UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The code says the peer cannot be reached (or dropped the connection). */
export function isPeerUnreachableCode(code: unknown): boolean {
  return typeof code === 'string' && PEER_UNREACHABLE_CODES.has(code);
}

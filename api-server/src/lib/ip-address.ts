import net from 'node:net';

/**
 * Classification of IP addresses for server-side fetches (SSRF protection, contract §5.8):
 * everything that is not a globally routable unicast address is "forbidden" — loopback, private,
 * link-local, unique-local, CGNAT, documentation and benchmark ranges, multicast, reserved and
 * unspecified addresses, and IPv6 forms embedding one of those IPv4 addresses (IPv4-mapped,
 * IPv4-compatible, IPv4-translated, NAT64 and 6to4).
 */

/** [network, prefix length] of forbidden IPv4 ranges. */
const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** Dotted-quad IPv4 → unsigned 32-bit number; null when not exactly four decimal octets. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function v4InRange(address: number, network: string, prefix: number): boolean {
  const base = parseIPv4(network) as number;
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) === Math.floor(base / size);
}

export function isForbiddenIPv4(address: number): boolean {
  return FORBIDDEN_V4.some(([network, prefix]) => v4InRange(address, network, prefix));
}

/** IPv6 text (zone id allowed, embedded IPv4 allowed) → eight 16-bit groups; null when invalid. */
export function parseIPv6(text: string): number[] | null {
  let input = text.trim();
  if (input.startsWith('[') && input.endsWith(']')) input = input.slice(1, -1);
  const zone = input.indexOf('%');
  if (zone >= 0) input = input.slice(0, zone);
  if (net.isIPv6(input) === false) return null;

  const lastColon = input.lastIndexOf(':');
  const last = input.slice(lastColon + 1);
  if (last.includes('.')) {
    // Embedded IPv4 (`::ffff:127.0.0.1`): rewrite it as two hex groups.
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    input = `${input.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = input.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : NaN));
  const head = parse(halves[0] as string);
  const rest = halves.length === 2 ? parse(halves[1] as string) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 && missing < 1) return null;
  const groups = halves.length === 2 ? [...head, ...new Array<number>(missing).fill(0), ...rest] : head;
  if (groups.length !== 8 || groups.some((group) => !Number.isInteger(group))) return null;
  return groups;
}

function embeddedV4(groups: readonly number[], high: number, low: number): number {
  return (groups[high] as number) * 65536 + (groups[low] as number);
}

export function isForbiddenIPv6(groups: readonly number[]): boolean {
  const [g0, g1, g2, g3, g4, g5] = groups as [number, number, number, number, number, number];
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::/96 (unspecified, loopback, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped): judge the IPv4 part.
  if (firstFiveZero && (g5 === 0 || g5 === 0xffff)) {
    const v4 = embeddedV4(groups, 6, 7);
    return g5 === 0 && v4 <= 1 ? true : isForbiddenIPv4(v4);
  }
  // ::ffff:0:a.b.c.d (IPv4-translated)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return isForbiddenIPv4(embeddedV4(groups, 6, 7));
  // 64:ff9b::/96 (NAT64): the IPv4 part decides; 64:ff9b:1::/48 (local-use NAT64) is internal.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isForbiddenIPv4(embeddedV4(groups, 6, 7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  // 2002::/16 (6to4): the embedded IPv4 decides.
  if (g0 === 0x2002) return isForbiddenIPv4(embeddedV4(groups, 1, 2));
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo (embeds obfuscated IPv4)
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast ff00::/8
  return false;
}

/**
 * True for an address a server-side fetch must not reach. Anything that does not parse as an
 * IP address is forbidden too (fail closed).
 */
export function isForbiddenAddress(address: string): boolean {
  const text = address.trim();
  const v4 = parseIPv4(text);
  if (v4 !== null) return isForbiddenIPv4(v4);
  const v6 = parseIPv6(text);
  if (v6 !== null) return isForbiddenIPv6(v6);
  return true;
}

import net from 'node:net';

/**
 * Which IP addresses the server may connect to on behalf of what a user typed: only the public
 * internet. Everything else (this machine, private networks, carrier-grade NAT, link-local
 * including cloud metadata at 169.254.169.254, multicast, documentation, benchmarking and
 * reserved ranges, and IPv6 forms that embed any of those) is refused.
 */

type Cidr = readonly [address: string, bits: number];

const V4_NOT_PUBLIC: readonly Cidr[] = [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0 (reaches this machine)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** Global unicast (2000::/3) is the only public IPv6 space; these parts of it are not public. */
const V6_GLOBAL_NOT_PUBLIC: readonly Cidr[] = [
  ['2001::', 23], // IETF protocol assignments, incl. Teredo 2001::/32 (tunnels to anything)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (any spelling Node accepts, a trailing dotted IPv4 too). */
function v6Bytes(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Bytes(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function inCidr(bytes: readonly number[], cidr: Cidr, toBytes: (ip: string) => number[]): boolean {
  const base = toBytes(cidr[0]);
  let bits = cidr[1];
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function isPublicV4(bytes: readonly number[]): boolean {
  return !V4_NOT_PUBLIC.some((cidr) => inCidr(bytes, cidr, v4Bytes));
}

function isPublicV6(bytes: readonly number[]): boolean {
  // Forms that carry an IPv4 address are as public as the address they carry.
  const embedded = (from: number) => isPublicV4(bytes.slice(from, from + 4));
  if (inCidr(bytes, ['::ffff:0:0', 96], v6Bytes)) return embedded(12); // IPv4-mapped
  if (inCidr(bytes, ['64:ff9b::', 96], v6Bytes)) return embedded(12); // NAT64
  if (inCidr(bytes, ['2002::', 16], v6Bytes)) return embedded(2); // 6to4
  if (!inCidr(bytes, ['2000::', 3], v6Bytes)) return false; // ::, ::1, fc00::/7, fe80::/10, ff00::/8, …
  return !V6_GLOBAL_NOT_PUBLIC.some((cidr) => inCidr(bytes, cidr, v6Bytes));
}

/** Whether `ip` (an IPv4 or IPv6 address, without brackets) is on the public internet. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names a local interface
  if (bare !== ip) return false;
  if (net.isIPv4(ip)) return isPublicV4(v4Bytes(ip));
  if (net.isIPv6(ip)) return isPublicV6(v6Bytes(ip));
  return false;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a host is this machine's loopback (a name, or an address in 127/8 or ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (LOOPBACK_NAMES.has(hostname) || host === '::1') return true;
  return net.isIPv4(host) && host.startsWith('127.');
}

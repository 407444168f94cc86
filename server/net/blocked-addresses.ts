import { isIP } from 'node:net';

/** IPv4 ranges a user-given link may never reach: private, loopback, link-local, CGNAT, multicast… */
const blockedV4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isBlockedV4(address: string): boolean {
  const value = v4ToNumber(address);
  return blockedV4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return value >= start && value < start + size;
  });
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function v6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    if (isIP(dotted[1]) !== 4) return null;
    tail.push(...dotted[1].split('.').map(Number));
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  if (rest === undefined && missing !== 0) return null;
  if (missing < 0) return null;
  const words = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  const bytes = words.flatMap((word) => {
    const value = Number.parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}

function startsWith(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8;
    const width = Math.min(8, bits - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

const v4Of = (bytes: number[], from: number) => bytes.slice(from, from + 4).join('.');

function isBlockedV6(address: string): boolean {
  const bytes = v6Bytes(address);
  if (bytes?.length !== 16) return true; // unparsable: refuse rather than guess
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(16)) return true; // :: unspecified
  if (zeros(15) && bytes[15] === 1) return true; // ::1 loopback
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return isBlockedV4(v4Of(bytes, 12)); // ::ffff:a.b.c.d
  if (zeros(12)) return true; // ::a.b.c.d, deprecated IPv4-compatible
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b], 96)) return isBlockedV4(v4Of(bytes, 12)); // NAT64
  if (startsWith(bytes, [0x20, 0x02], 16)) return isBlockedV4(v4Of(bytes, 2)); // 6to4
  if (startsWith(bytes, [0x20, 0x01, 0x00, 0x00], 32)) return true; // Teredo
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return true; // documentation
  if (startsWith(bytes, [0x01, 0x00], 64)) return true; // discard-only
  if (startsWith(bytes, [0xfc], 7)) return true; // unique local fc00::/7
  if (startsWith(bytes, [0xfe, 0x80], 10)) return true; // link-local fe80::/10
  if (startsWith(bytes, [0xfe, 0xc0], 10)) return true; // site-local (deprecated)
  if (startsWith(bytes, [0xff], 8)) return true; // multicast
  return false;
}

/**
 * Whether an address is one a user-given link must never reach: private, loopback, link-local,
 * unique-local, CGNAT, multicast, unspecified, reserved, or an IPv6 form that embeds such an IPv4.
 * Anything that is not an IP address is refused too.
 */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return isBlockedV4(address);
  if (family === 6) return isBlockedV6(address);
  return true;
}

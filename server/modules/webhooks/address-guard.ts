import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook may not reach: loopback, private, link-local (with the clouds' metadata at
 * 169.254.169.254 and fd00:ec2::254), carrier-grade NAT (Alibaba's metadata), unspecified,
 * benchmark, multicast and reserved ranges. An IPv6 address that carries an IPv4 one (see
 * embeddedIpv4) is judged by that IPv4 address too.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** True for an address (v4 or v6 text) a webhook may not reach; anything unparsable is refused. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (BLOCKED.check(address, 'ipv6')) return true;
  const bytes = ipv6Bytes(address);
  // A form the parser cannot take apart (a zone id) cannot be checked for what it carries.
  if (!bytes) return true;
  const v4 = embeddedIpv4(bytes);
  return v4 !== null && BLOCKED.check(v4, 'ipv4');
}

/**
 * The IPv4 address an IPv6 one carries, which some stacks and relays reach instead:
 * IPv4-compatible ::a.b.c.d (::/96), IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, 6to4 2002::/16 (bits 16-47) and Teredo 2001::/32 (the client's address,
 * the last 32 bits inverted). Null for any other address.
 */
function embeddedIpv4(b: readonly number[]): string | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const dotted = (octets: readonly number[]) => octets.join('.');
  const tail = b.slice(12);
  if (zero(0, 12)) return dotted(tail);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(tail);
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return dotted(tail);
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b.slice(2, 6));
  if (b[0] === 0x20 && b[1] === 0x01 && zero(2, 4)) return dotted(tail.map((x) => x ^ 0xff));
  return null;
}

/** An IPv6 address's 16 bytes, or null when it cannot be read (a zone id, say). */
function ipv6Bytes(address: string): number[] | null {
  // The URL parser writes it out in one form: lower-case hex groups, any dotted tail in hex.
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, rest] = host.includes('::') ? host.split('::') : [host, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = groups(head);
  const back = rest === null ? [] : groups(rest);
  const words = [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  if (words.length !== 8 || words.some((w) => !(w >= 0 && w <= 0xffff))) return null;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** The URL's host as an address when it is one (IPv6 without its brackets), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback, link-local or metadata address`);
  }
}

/**
 * A `lookup` for http.request that refuses when any address the name resolves to is blocked.
 * It runs at connect time, so a name that resolved to a public address when saved and to a
 * private one now (DNS rebinding) is refused too.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked || addresses.length === 0)
      return callback(new BlockedAddressError(hostname, blocked?.address ?? 'nothing'), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/** Every address a host resolves to now (for the check when an endpoint is saved). */
export function resolveAll(hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );
}

import { BlockList, isIP } from 'node:net';

/**
 * Contract §14.8: where webhooks may go. In production a `url` is `https` and every address its host resolves to is
 * public. `WEBHOOK_ALLOWED_TARGETS` (CIDRs and host names) exempts targets from both rules (tests receive on loopback).
 */

/** Addresses that are not public (IANA special-purpose registries): loopback, private, link-local, CGNAT, multicast, reserved. */
const NOT_PUBLIC_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** Inside 2000::/3 (the only global unicast space), the blocks that still are not public. */
const NOT_PUBLIC_V6_IN_GLOBAL: ReadonlyArray<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: would tunnel to any IPv4 address, private ones included
  ['3fff::', 20], // documentation
];

const notPublicV4 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(network, prefix, 'ipv4');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
const notPublicV6 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V6_IN_GLOBAL) notPublicV6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or undefined. */
function groupsOf(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const groups = halves.length === 2 ? [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`) as the IPv4 address it is; otherwise undefined. */
function embeddedIpv4(address: string): string | undefined {
  const groups = groupsOf(address);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return undefined;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** Without a zone index (`fe80::1%eth0` → `fe80::1`). */
function withoutZone(address: string): string {
  const percent = address.indexOf('%');
  return percent === -1 ? address : address.slice(0, percent);
}

/** Is this IP address public (a destination a webhook may reach without an exemption)? */
export function isPublicAddress(raw: string): boolean {
  const address = withoutZone(raw);
  const version = isIP(address);
  if (version === 4) return !notPublicV4.check(address, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return !notPublicV4.check(v4, 'ipv4');
  return globalUnicastV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6');
}

/** The host of a URL as an address or a lower-case name (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export type UrlProblem = string;

/** What `WEBHOOK_ALLOWED_TARGETS` exempts: CIDRs (`127.0.0.1/32`, `::1/128`) and host names (`localhost`). */
export class AllowedTargets {
  private readonly networks = new BlockList();
  private readonly names = new Set<string>();

  constructor(targets: readonly string[]) {
    for (const raw of targets) {
      const target = raw.trim().toLowerCase();
      if (target === '') continue;
      const [network, prefix, extra] = target.split('/');
      const version = isIP(network);
      if (version !== 0 && extra === undefined) {
        const bits = prefix === undefined ? (version === 4 ? 32 : 128) : Number(prefix);
        if (!Number.isInteger(bits) || bits < 0 || bits > (version === 4 ? 32 : 128)) throw new Error(`WEBHOOK_ALLOWED_TARGETS: bad prefix in "${raw}"`);
        this.networks.addSubnet(network, bits, version === 4 ? 'ipv4' : 'ipv6');
      } else if (/^[a-z0-9.-]+$/.test(target) && prefix === undefined) {
        this.names.add(target.replace(/\.$/, ''));
      } else {
        throw new Error(`WEBHOOK_ALLOWED_TARGETS: "${raw}" is neither a CIDR nor a host name`);
      }
    }
  }

  hasName(host: string): boolean {
    return this.names.has(host.toLowerCase().replace(/\.$/, ''));
  }

  hasAddress(raw: string): boolean {
    const address = withoutZone(raw);
    const version = isIP(address);
    if (version === 0) return false;
    if (this.networks.check(address, version === 4 ? 'ipv4' : 'ipv6')) return true;
    const v4 = version === 6 ? embeddedIpv4(address) : undefined;
    return v4 !== undefined && this.networks.check(v4, 'ipv4');
  }
}

/** The URL's form: absolute, http(s), no credentials, no fragment. The address rules come after resolution. */
export function urlFormProblem(raw: string): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (url.username !== '' || url.password !== '') return 'url must not contain credentials';
  if (url.hash !== '') return 'url must not contain a fragment';
  if (hostOf(url) === '') return 'url must name a host';
  return undefined;
}

/**
 * The rule for a URL whose host resolved to `addresses` (the address itself for an IP literal): every address public,
 * and `https`, unless the target is exempt — its host name is allowed, or every address is in an allowed network.
 * A name that does not resolve (yet) passes on `https`: nothing private is reachable through it, and every attempt
 * checks again on the addresses it connects to.
 */
export function destinationProblem(url: URL, addresses: readonly string[], allowed: AllowedTargets): UrlProblem | undefined {
  const host = hostOf(url);
  const exempt = allowed.hasName(host) || (addresses.length > 0 && addresses.every((address) => allowed.hasAddress(address)));
  if (exempt) return undefined;
  if (url.protocol !== 'https:') return 'url must use https';
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined) return `url must resolve to public addresses only (${host} resolves to ${refused}, which is not public)`;
  return undefined;
}

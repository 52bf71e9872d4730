import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a production webhook may never reach (SSRF): this host, the private networks behind it and
 * anything that is not a public unicast address. IPv4-mapped IPv6 (::ffff:10.0.0.1) is unwrapped first.
 */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4, private ones included
  ['2001:db8::', 32],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
}

export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isForbiddenAddress(mapped[1]);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const n = (parseInt(hexMapped[1], 16) << 16) | parseInt(hexMapped[2], 16);
    return isForbiddenAddress([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
  }
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlPolicy {
  /** Production: https only, public addresses only. Sandbox: http and loopback or private addresses too. */
  strict: boolean;
}

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addrs: LookupAddress[]) => (err ? reject(err) : resolve(addrs.map((a) => a.address)))));

/** Why a webhook URL is refused, or null when it may be used. Resolves the host under the strict policy. */
export async function urlProblem(raw: string, policy: UrlPolicy, resolver: Resolver = systemResolver): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The url must be an absolute http or https URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The url must be an absolute http or https URL.';
  if (url.username || url.password) return 'The url may not contain credentials.';
  if (url.hash) return 'The url may not contain a fragment.';
  if (!policy.strict) return null;
  if (url.protocol !== 'https:') return 'The url must use https.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The url may not point at a private, loopback or link-local address.';
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolver(host);
  } catch {
    return 'The url host does not resolve.';
  }
  if (!addresses.length) return 'The url host does not resolve.';
  if (addresses.some(isForbiddenAddress)) return 'The url may not point at a private, loopback or link-local address.';
  return null;
}

/**
 * A `lookup` for http(s).request that refuses forbidden addresses at connection time, so a host that resolved
 * to a public address at registration cannot be re-pointed (DNS rebinding) at an internal one later.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addrs: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const allowed = policy.strict ? addrs.filter((a) => !isForbiddenAddress(a.address)) : addrs;
      if (!allowed.length) {
        const refused: NodeJS.ErrnoException = new Error(`Refused to connect to ${hostname}: it resolves to a private, loopback or link-local address.`);
        refused.code = 'EFORBIDDENADDRESS';
        return callback(refused, '', 4);
      }
      if ((options as { all?: boolean }).all) return callback(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '@lib/config';

/**
 * Addresses a webhook may never reach (SSRF), in production and sandbox alike: this host, the private networks
 * behind it and anything that is not a public unicast address. IPv4-mapped IPv6 (::ffff:10.0.0.1) is unwrapped
 * first. Loopback alone may be allowed by configuration (see UrlPolicy).
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

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1, ::ffff:a00:1) as its IPv4 address; any other address as is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const n = (parseInt(hexMapped[1], 16) << 16) | parseInt(hexMapped[2], 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  }
  return address;
}

export function isForbiddenAddress(address: string): boolean {
  const a = unmapped(address);
  const family = isIP(a);
  if (family === 0) return true;
  return FORBIDDEN.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (mapped forms included); not 0.0.0.0, which is "this host" on any interface. */
export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  const family = isIP(a);
  return family !== 0 && LOOPBACK.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlPolicy {
  /** Production: https only. */
  httpsOnly: boolean;
  /**
   * WEBHOOK_ALLOW_LOOPBACK (never in production): loopback addresses may be called, for receivers on the same
   * machine in development and in the test suite. Every other private or special address stays refused.
   */
  allowLoopback: boolean;
  /** Ports never called on loopback even then: the API's own, the sandbox service's, PostgreSQL's and Redis's. */
  reservedLoopbackPorts: readonly number[];
}

/** The policy of this deployment: production is https-only; loopback only where WEBHOOK_ALLOW_LOOPBACK says so. */
export function urlPolicyFor(config: AppConfig): UrlPolicy {
  const portIn = (url: string | undefined, fallback: number) => {
    try {
      return url && new URL(url).port ? Number(new URL(url).port) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    httpsOnly: config.env === 'production',
    allowLoopback: config.webhooks.allowLoopback,
    reservedLoopbackPorts: [...new Set([config.port, config.sandboxPort, portIn(config.databaseUrl, 5432), 5432, portIn(config.redisUrl, 6379), 6379])],
  };
}

export const PRIVATE_TARGET = 'The url may not point at a private, loopback or link-local address.';

/** Why `address:port` may not be called, or null. */
export function addressProblem(address: string, port: number, policy: UrlPolicy): string | null {
  if (isLoopbackAddress(address)) {
    if (!policy.allowLoopback) return PRIVATE_TARGET;
    return policy.reservedLoopbackPorts.includes(port) ? `The url may not point at port ${port} of this host: it serves the platform itself.` : null;
  }
  return isForbiddenAddress(address) ? PRIVATE_TARGET : null;
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Names that never leave the host or the provider's network, whatever they resolve to here. */
function isInternalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h.endsWith('.internal') || h === 'internal';
}

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs: LookupAddress[]) => (err ? reject(err) : resolve(addrs.map((a) => a.address)))),
  );

/**
 * Why a webhook URL is refused, or null when it may be used: the same rules in production and sandbox (the
 * host is resolved and every address it has is checked), except that production takes https only.
 * Numeric host forms (`127.1`, `2130706433`, `0x7f000001`) are normalised by the URL parser first.
 */
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
  if (policy.httpsOnly && url.protocol !== 'https:') return 'The url must use https.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isInternalName(host)) return PRIVATE_TARGET;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolver(host);
  } catch {
    return 'The url host does not resolve.';
  }
  if (!addresses.length) return 'The url host does not resolve.';
  for (const address of addresses) {
    const problem = addressProblem(address, portOf(url), policy);
    if (problem) return problem;
  }
  return null;
}

/**
 * A `lookup` for http(s).request that refuses forbidden addresses at connection time, so a host that resolved
 * to a public address at registration cannot be re-pointed (DNS rebinding) at an internal one later. Only the
 * allowed addresses are handed to the connection.
 */
export function guardedLookup(policy: UrlPolicy, port: number) {
  return (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    if (isInternalName(hostname)) return callback(refused(hostname), '', 4);
    dnsLookup(hostname, { ...options, all: true }, (err, addrs: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const allowed = addrs.filter((a) => addressProblem(a.address, port, policy) === null);
      if (!allowed.length) return callback(refused(hostname), '', 4);
      if ((options as { all?: boolean }).all) return callback(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

function refused(hostname: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`Refused to connect to ${hostname}: it resolves to a private, loopback or link-local address.`);
  e.code = 'EFORBIDDENADDRESS';
  return e;
}

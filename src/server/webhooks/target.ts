import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { ServerConfig } from '../config';
import { errors } from '../http/app-error';

/** The longest endpoint URL kept. */
export const MAX_URL_LENGTH = 2000;

/**
 * Addresses a webhook may not reach in production (SSRF): unspecified, loopback, private, carrier-grade NAT,
 * link-local (the cloud metadata service, 169.254.169.254, is in it), benchmark, documentation, multicast and
 * reserved ranges, and their IPv6 counterparts (unique-local, link-local, NAT64; IPv4-mapped addresses are
 * checked as the IPv4 address they carry).
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) INTERNAL.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is inside the network (see `INTERNAL`). */
export function internalAddress(address: string): boolean {
  const family = isIP(address);
  return family === 4 ? INTERNAL.check(address, 'ipv4') : family === 6 ? INTERNAL.check(address, 'ipv6') : true;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether endpoints must use https: in production, or when the site itself is served over https. */
function httpsRequired(config: ServerConfig): boolean {
  return config.production || (config.publicUrl?.startsWith('https:') ?? false);
}

/**
 * An endpoint's URL as it is stored, or 400 `WEBHOOK_URL_REFUSED`: http(s), at most MAX_URL_LENGTH characters, no
 * user name or password; https when `httpsRequired` (outside production `http://localhost` stays allowed, for tests
 * and the demo); in production a host that is, or resolves to, an internal address is refused (delivery checks it
 * again, `resolveTarget`, since a name may resolve elsewhere later).
 */
export async function checkEndpointUrl(raw: string, config: ServerConfig): Promise<string> {
  if (raw.length > MAX_URL_LENGTH) throw errors.webhookUrlRefused('tooLong');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw errors.webhookUrlRefused('notUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw errors.webhookUrlRefused('notUrl');
  if (url.username || url.password) throw errors.webhookUrlRefused('credentials');
  const loopbackOutsideProduction = !config.production && LOOPBACK_NAMES.has(url.hostname);
  if (url.protocol === 'http:' && httpsRequired(config) && !loopbackOutsideProduction) throw errors.webhookUrlRefused('httpsRequired');
  if (config.production) await resolveTarget(url.hostname, true);
  return url.toString();
}

/** The address a delivery connects to. */
export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves an endpoint's host once for a delivery; the connection is then made to this very address (no second
 * lookup a DNS answer could change in between). In production every address the name has must be outside the
 * network, else 400 `WEBHOOK_URL_REFUSED` (`privateAddress`); a name that does not resolve: `unresolved`.
 */
export async function resolveTarget(hostname: string, production: boolean): Promise<ResolvedTarget> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw errors.webhookUrlRefused('unresolved');
  }
  if (!addresses.length) throw errors.webhookUrlRefused('unresolved');
  if (production && addresses.some((a) => internalAddress(a.address))) throw errors.webhookUrlRefused('privateAddress');
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

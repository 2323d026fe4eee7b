import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client is counted by (rate limits, the per-client hold cap): its IPv4 address,
 * or the /64 network of an IPv6 one — a home or phone gets a whole /64, so counting single
 * IPv6 addresses would let one client rotate through billions of them. `ip` is Fastify's
 * `request.ip`, which honours X-Forwarded-For only from the proxies TRUST_PROXY names.
 */
export function clientKeyOf(ip: string): string {
  const plain = unmappedAddress(ip);
  if (plain !== ip) return plain;
  if (!isIPv6(ip)) return ip.toLowerCase();
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, a dual-stack socket's form) as plain IPv4; any other address as is. */
export function unmappedAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped && isIPv4(mapped[1]) ? mapped[1] : ip;
}

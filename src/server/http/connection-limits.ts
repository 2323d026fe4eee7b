import { BlockList, isIP, type Server } from 'node:net';
import type { ServerConfig } from '../config';
import { clientKeyOf, unmappedAddress } from '../../shared/node/client-key';

/** The ranges Fastify's `trustProxy` (proxy-addr) knows by name. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Limits = Pick<ServerConfig, 'requestTimeoutSeconds' | 'headersTimeoutSeconds' | 'maxConnectionsPerClient' | 'trustProxy'>;

/**
 * The Fastify options that bound how long a request may take to arrive: the whole request
 * (headers and body) within `requestTimeoutSeconds`, its headers within `headersTimeoutSeconds`,
 * else Node answers 408 and closes the connection. Node looks for late requests once a second.
 */
export function requestTimeouts(config: Limits) {
  const request = config.requestTimeoutSeconds * 1000;
  return { requestTimeout: request, http: { headersTimeout: Math.min(request, config.headersTimeoutSeconds * 1000), connectionsCheckingInterval: 1000 } };
}

/** Whether a socket address is one of TRUST_PROXY's proxies (a hop count or `true` trusts whoever connects). */
export function trustedProxy(trustProxy: ServerConfig['trustProxy']): (address: string) => boolean {
  if (typeof trustProxy === 'boolean' || typeof trustProxy === 'number') {
    const all = trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0);
    return () => all;
  }
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else if (/^\d+$/.test(prefix)) list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = unmappedAddress(address);
    return isIP(plain) !== 0 && list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Caps the connections one client holds open at once (`maxConnectionsPerClient`, 0 = no cap):
 * one past it is closed as soon as it is accepted, so a client opening hundreds of slow
 * connections cannot use up the process's sockets while everyone else is served. A connection
 * knows only its socket address, counted as `clientKeyOf` counts it (an IPv6 client by its /64).
 * Behind TRUST_PROXY that address is the proxy's, which carries every buyer: its connections
 * are not capped (the proxy limits its own clients; the request timeouts still apply).
 */
export function capConnectionsPerClient(server: Server, config: Limits): void {
  const max = config.maxConnectionsPerClient;
  if (max <= 0) return;
  const trusted = trustedProxy(config.trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const key = clientKeyOf(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

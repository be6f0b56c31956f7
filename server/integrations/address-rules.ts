import { BlockList, isIP } from 'node:net';

/**
 * The addresses an integration may not reach unless WEBHOOK_ALLOW_PRIVATE: everything that is not
 * public unicast, as request-filtering-agent judges at connect time (ipaddr.js's ranges). checkUrl
 * uses it to refuse a URL when it is saved; the agent refuses the address actually connected to (and
 * DENIED_AT_CONNECT, which its ranges call public).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // The unspecified address, loopback and the IPv4-compatible addresses (::7f00:1 is ::127.0.0.1).
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is public (a name is not an address: false). */
export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.5) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What request-filtering-agent must refuse besides its own ranges: the IPv4-compatible addresses (::/96). */
export const DENIED_AT_CONNECT = ['::/96'];

import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Ranges refused besides those ipaddr.js names (isPublicAddress): a second list, kept by hand, of the
 * special-purpose registries' blocks, and the IPv4-compatible addresses (::/96) ipaddr.js calls unicast.
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

/**
 * The one rule of the addresses an integration may reach unless WEBHOOK_ALLOW_PRIVATE, applied when a
 * URL is saved (checkUrl, to each address its name resolves to or the address it is) and when it is
 * called (the sender's lookup, at the moment of connecting, and an address typed in the URL): public
 * unicast only. Public means what request-filtering-agent (the sender's agent, a second net) calls
 * unicast, by the same library, ipaddr.js, and outside the hand-kept list above; so the agent never
 * refuses an address this rule let be saved. An IPv4 address written as IPv6 (::ffff:…) is refused,
 * public or not: the agent refuses it. A name is not an address: false.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (ipaddr.parse(address).range() !== 'unicast') return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What request-filtering-agent must refuse besides its own ranges: the IPv4-compatible addresses (::/96). */
export const DENIED_AT_CONNECT = ['::/96'];

import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two), as numbers. */
function ipv6Groups(address: string): number[] {
  const withoutZone = address.split('%')[0] ?? '';
  const parts = (text: string) => (text === '' ? [] : text.split(':'));
  const halves = withoutZone.split('::');
  const toGroups = (list: string[]) =>
    list.flatMap((part) => {
      if (!part.includes('.')) return [parseInt(part, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const head = toGroups(parts(halves[0] ?? ''));
  if (halves.length === 1) return head;
  const tail = toGroups(parts(halves[1] ?? ''));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The client a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one as
 * IPv4), an IPv6 address by its /64, the network one household or office is given, as
 * @fastify/rate-limit does.
 */
export function clientKey(ip: string): string {
  const mapped = MAPPED_IPV4.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip.toLowerCase();
  const groups = ipv6Groups(ip);
  // The same mapped address written in hex (::ffff:c633:6407 is ::ffff:198.51.100.7).
  const [high = 0, low = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const prefix = groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

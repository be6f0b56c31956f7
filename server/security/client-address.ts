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
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also written as an IPv4-mapped IPv6 address. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return isIP(plain) === 6 && /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(plain);
}

/** An address as forwarding headers write it: maybe quoted, in brackets, with a port. */
function addressOf(entry: string): string {
  const text = entry.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1] ?? '';
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  return withPort ? (withPort[1] ?? '') : text;
}

/**
 * Every client a proxy says it forwarded for: X-Forwarded-For (every entry, not only the one
 * TRUST_PROXY would believe), X-Real-IP and the `for=` of Forwarded.
 */
function forwardedClients(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const forwarded = [...header('forwarded').matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map(
    (match) => match[1] ?? '',
  );
  return [...header('x-forwarded-for').split(','), header('x-real-ip'), ...forwarded]
    .filter((entry) => entry.trim() !== '')
    .map(addressOf);
}

/**
 * Whether a request comes from this machine itself: its connection is from a loopback address and
 * it names no forwarded client that is not loopback. The proxy in front (Caddy, nginx) connects
 * from 127.0.0.1 too, but writes the visitor's address into X-Forwarded-For: such a request is
 * public, whatever TRUST_PROXY says (so a proxy left out of TRUST_PROXY cannot make every visitor
 * local). An entry that is no address (`unknown`, an obfuscated `_name`) counts as not loopback.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && forwardedClients(request).every(isLoopback);
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  // Hashed first, so the comparison takes the same time whatever the length of what was sent.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

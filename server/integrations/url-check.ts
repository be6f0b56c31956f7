import { lookup as systemLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-rules.ts';

/** Whether a URL may be an integration's, and why not. */
export type UrlVerdict = { ok: true } | { ok: false; reason: string };

/** The rules a URL is held to: the sender's options that concern them. */
export interface UrlRules {
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private and link-local addresses may be called (intranets, tests). */
  allowPrivate: boolean;
  /** NODE_ENV=production: https only, except plain http to a private address when allowPrivate. */
  production: boolean;
  /** How host names are resolved (tests give a stub); default: the system's (dns.lookup). */
  lookup?: LookupFunction;
}

/** The error code of a plain-http request whose host resolved to a public address (send time). */
export const PUBLIC_PLAIN_HTTP = 'EPUBLICPLAINHTTP';

/**
 * Whether a URL is plain http that only a private address may receive: in production with
 * WEBHOOK_ALLOW_PRIVATE, an intranet's receiver (n8n, Node-RED) may speak http; a public one may not.
 */
export function plainHttpToPrivateOnly(url: string, rules: UrlRules): boolean {
  return rules.production && rules.allowPrivate && url.startsWith('http:');
}

/** Why a URL may not be used at all, whatever it resolves to; undefined when its form is fine. */
export function schemeProblem(url: string, rules: UrlRules): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This is not a URL.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'The URL must start with https://.';
  if (rules.production && !rules.allowPrivate && parsed.protocol !== 'https:')
    return 'The URL must start with https:// (plain http is refused in production).';
  if (parsed.username || parsed.password) return 'The URL may not carry a user name or password.';
  return undefined;
}

/** The host of a URL as an address or a name ([::1] without its brackets). */
export function urlHost(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

function resolveAll(lookup: LookupFunction, hostname: string): Promise<string[]> {
  if (isIP(hostname) !== 0) return Promise.resolve([hostname]);
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else if (Array.isArray(addresses)) resolve(addresses.map((entry) => entry.address));
      else resolve([String(addresses)]);
    });
  });
}

const publicPlainHttp = (address: string) =>
  `This URL's host resolves to ${address}, a public address: plain http is allowed only to a private address (an intranet's receiver). Use https://.`;

const notPublic = (address: string) =>
  `This URL's host resolves to ${address}, which is not a public address (loopback, private, link-local or reserved): integrations only call public addresses. For a receiver on an intranet, the server can be started with WEBHOOK_ALLOW_PRIVATE=true.`;

/**
 * Whether a URL may be saved: its form, and what its host resolves to: public addresses only (unless
 * allowPrivate), private addresses only for plain http in production (with allowPrivate).
 */
export async function checkUrl(rules: UrlRules, url: string): Promise<UrlVerdict> {
  const problem = schemeProblem(url, rules);
  if (problem) return { ok: false, reason: problem };
  const privateOnly = plainHttpToPrivateOnly(url, rules);
  if (rules.allowPrivate && !privateOnly) return { ok: true };
  let addresses: string[];
  try {
    addresses = await resolveAll(rules.lookup ?? systemLookup, urlHost(url));
  } catch {
    return { ok: false, reason: 'The host name of this URL could not be resolved.' };
  }
  if (addresses.length === 0)
    return { ok: false, reason: 'The host name of this URL resolves to no address.' };
  if (privateOnly) {
    const publicOne = addresses.find((address) => isPublicAddress(address));
    return publicOne === undefined ? { ok: true } : { ok: false, reason: publicPlainHttp(publicOne) };
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? { ok: true } : { ok: false, reason: notPublic(refused) };
}

/** The error code of a request whose host resolved to an address that is not public (send time). */
export const NOT_PUBLIC_ADDRESS = 'ENOTPUBLICADDRESS';

/** A lookup that refuses, with `code`, a name when one of its addresses fails `allowed`. */
function heldLookup(
  lookup: LookupFunction,
  allowed: (address: string) => boolean,
  code: string,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const all = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      if (!all.every(allowed))
        return callback(Object.assign(new Error('address refused'), { code }), address, family);
      callback(null, address, family);
    });
  };
}

/**
 * The lookup of every request unless allowPrivate: the addresses a name resolves to when the request
 * connects, held to isPublicAddress (the rule checkUrl applied when the URL was saved), refused with
 * NOT_PUBLIC_ADDRESS; so a name that was public when saved and private when called (DNS rebinding) fails.
 */
export function publicOnlyLookup(lookup: LookupFunction = systemLookup): LookupFunction {
  return heldLookup(lookup, isPublicAddress, NOT_PUBLIC_ADDRESS);
}

/**
 * The lookup of a plain-http request in production (allowPrivate): the addresses a name resolves to
 * when the request connects, refused with PUBLIC_PLAIN_HTTP when one of them is public (so a name that
 * was private when saved and public when called still fails).
 */
export function privateOnlyLookup(lookup: LookupFunction = systemLookup): LookupFunction {
  return heldLookup(lookup, (address) => !isPublicAddress(address), PUBLIC_PLAIN_HTTP);
}

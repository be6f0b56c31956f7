import { z } from 'zod';
import { company } from '../../common/company.ts';

/**
 * The settings both the build and the server read: the build bakes them into
 * the pages (canonical URLs, the sitemap, where the quote form posts), the
 * server checks posts' origins and the pages' Content-Security-Policy against
 * them. Defined once here, so both sides accept and refuse the same values.
 */

/** `SITE_URL`: the public origin, e.g. https://www.example.com (a path or a query is dropped). */
export const siteUrlSetting = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://www.example.com' })
  .transform((value) => new URL(value).origin);

interface QuoteEndpoint {
  /** What the form's action holds: a path such as /api/quote, or an absolute URL. */
  href: string;
  /** The origin of an endpoint on another host, which the CSP must let forms post to. */
  otherOrigin: string | undefined;
  /** The path of an endpoint on the site itself, which the server must answer (undefined for another host). */
  path: string | undefined;
}

/** `QUOTE_ENDPOINT`: where the quote form posts, a path on the site or an http(s) URL. */
const quoteEndpointSetting = z.string().transform((value, context): QuoteEndpoint => {
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//')) {
    return { href: text, otherOrigin: undefined, path: new URL(text, 'http://site.invalid').pathname };
  }
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return { href: url.href, otherOrigin: url.origin, path: undefined };
  } catch {
    // reported below
  }
  context.addIssue({ code: 'custom', message: 'must be a path such as /api/quote or an http(s) URL' });
  return z.NEVER;
});

/**
 * The two variables with the build's defaults. The server's own schema (server/config/config-env.ts) takes
 * QUOTE_ENDPOINT from here, and SITE_URL without this default: unset, the server uses its own address.
 */
export const siteSettings = z.object({
  SITE_URL: siteUrlSetting.default(company.siteUrl),
  QUOTE_ENDPOINT: quoteEndpointSetting.prefault('/api/quote'),
});

/** A setting the build or the server cannot use; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** One line per problem: the variable, what is wrong, and the value (unless it is a secret). */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  env: Record<string, string | undefined>,
  secrets: ReadonlySet<string> = new Set(),
): string {
  const lines = issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const raw = env[name];
    const shown = raw === undefined || secrets.has(name) ? '' : ` (got "${raw}")`;
    return `  ${name} ${issue.message}${shown}`;
  });
  return `Invalid configuration:\n${lines.join('\n')}`;
}

/** The variables set to something (an empty one counts as not set). */
export function presentVariables(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** SITE_URL and QUOTE_ENDPOINT, checked; throws a ConfigError naming each bad variable. */
export function readSiteSettings(env: Record<string, string | undefined> = process.env) {
  const result = siteSettings.safeParse(presentVariables(env));
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues, env));
  return { siteUrl: result.data.SITE_URL, quoteEndpoint: result.data.QUOTE_ENDPOINT };
}

import { company } from '../common/company.ts';

/**
 * Build-time settings baked into the browser bundle. A bad value stops the
 * build with a message that names the variable.
 */
export interface BuildEnv {
  /** Public origin of the site, used for canonical URLs. */
  siteUrl: string;
  /** Where the quote form posts. */
  quoteEndpoint: string;
}

export function readBuildEnv(env: NodeJS.ProcessEnv = process.env): BuildEnv {
  return {
    siteUrl: parseSiteUrl(env.SITE_URL),
    quoteEndpoint: parseEndpoint(env.QUOTE_ENDPOINT),
  };
}

function parseSiteUrl(raw: string | undefined): string {
  const value = raw?.trim() || company.siteUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `SITE_URL must be an absolute http(s) URL such as https://www.example.com, got "${value}".`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must use http or https, got "${value}".`);
  }
  return url.origin;
}

function parseEndpoint(raw: string | undefined): string {
  const value = raw?.trim() || '/api/quote';
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // fall through to the error below
  }
  throw new Error(`QUOTE_ENDPOINT must be a path such as /api/quote or an http(s) URL, got "${value}".`);
}

/** Vite `define` entries for the values above. */
export function buildDefines(env: BuildEnv = readBuildEnv()): Record<string, string> {
  return {
    __SITE_URL__: JSON.stringify(env.siteUrl),
    __QUOTE_ENDPOINT__: JSON.stringify(env.quoteEndpoint),
  };
}

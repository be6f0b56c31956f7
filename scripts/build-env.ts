import { readSiteSettings } from '../server/site-settings.ts';

/**
 * Build-time settings baked into the browser bundle, read with the server's
 * own schema (server/site-settings.ts). A bad value stops the build with a
 * message that names the variable.
 */
export interface BuildEnv {
  /** Public origin of the site, used for canonical URLs. */
  siteUrl: string;
  /** Where the quote form posts. */
  quoteEndpoint: string;
}

export function readBuildEnv(env: NodeJS.ProcessEnv = process.env): BuildEnv {
  const { siteUrl, quoteEndpoint } = readSiteSettings(env);
  return { siteUrl, quoteEndpoint: quoteEndpoint.href };
}

/** Vite `define` entries for the values above. */
export function buildDefines(env: BuildEnv = readBuildEnv()): Record<string, string> {
  return {
    __SITE_URL__: JSON.stringify(env.siteUrl),
    __QUOTE_ENDPOINT__: JSON.stringify(env.quoteEndpoint),
  };
}

import { BUILD_ORIGIN } from '../common/build-origin.ts';
import { readSiteSettings } from '../server/config/site-settings.ts';

/**
 * Build-time settings baked into the browser bundle, read with the server's
 * own schema (server/config/site-settings.ts). A bad value stops the build with a
 * message that names the variable.
 */
export interface BuildEnv {
  /** Where the quote form posts. */
  quoteEndpoint: string;
}

export function readBuildEnv(env: NodeJS.ProcessEnv = process.env): BuildEnv {
  const { quoteEndpoint } = readSiteSettings(env);
  return { quoteEndpoint: quoteEndpoint.href };
}

/**
 * Vite `define` entries. The site's origin is not among the settings: the build writes BUILD_ORIGIN, which
 * the server replaces with its own SITE_URL (common/build-origin.ts).
 */
export function buildDefines(env: BuildEnv = readBuildEnv()): Record<string, string> {
  return {
    __SITE_URL__: JSON.stringify(BUILD_ORIGIN),
    __QUOTE_ENDPOINT__: JSON.stringify(env.quoteEndpoint),
  };
}

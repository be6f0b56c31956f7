import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newsletterPaths } from '../../common/newsletter.ts';

export const FAKE_STYLESHEET = '/assets/root-Test123.css';

/** The pages of the forms' flows, by directory: where native posts land, and the pages whose buttons post. */
const FLOW_PAGES: Record<string, string> = {
  'thank-you': 'Thank you',
  ...Object.fromEntries(Object.values(newsletterPaths).map((path) => [path.slice(1), path])),
};

/** A minimal built site in `dir`: a home page with a stylesheet link, the not-found page and the flow pages. */
export function fakeSite(dir: string): string {
  const site = join(dir, 'site');
  mkdirSync(join(site, '404'), { recursive: true });
  writeFileSync(
    join(site, 'index.html'),
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="${FAKE_STYLESHEET}"/></head><body>Home</body></html>`,
  );
  writeFileSync(join(site, '404', 'index.html'), '<!DOCTYPE html><html><body>Not found</body></html>');
  for (const [page, text] of Object.entries(FLOW_PAGES)) {
    mkdirSync(join(site, page), { recursive: true });
    writeFileSync(join(site, page, 'index.html'), `<!DOCTYPE html><html><body>${text}</body></html>`);
  }
  return site;
}

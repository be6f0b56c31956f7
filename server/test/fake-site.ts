import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FAKE_STYLESHEET = '/assets/root-Test123.css';

/** A minimal built site in `dir`: a home page with a stylesheet link, the thank-you and not-found pages. */
export function fakeSite(dir: string): string {
  const site = join(dir, 'site');
  mkdirSync(join(site, '404'), { recursive: true });
  mkdirSync(join(site, 'thank-you'), { recursive: true });
  writeFileSync(
    join(site, 'index.html'),
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="${FAKE_STYLESHEET}"/></head><body>Home</body></html>`,
  );
  writeFileSync(join(site, '404', 'index.html'), '<!DOCTYPE html><html><body>Not found</body></html>');
  writeFileSync(join(site, 'thank-you', 'index.html'), '<!DOCTYPE html><html><body>Thank you</body></html>');
  return site;
}

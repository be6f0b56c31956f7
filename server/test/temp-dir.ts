import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quote-test-'));
  dirs.push(dir);
  return dir;
}

export const FAKE_STYLESHEET = '/assets/root-Test123.css';

/** A minimal built site: a home page with a stylesheet link, and the not-found page. */
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

/**
 * Measures one POST /api/quote end to end over a real socket: N sequential
 * multipart requests (default 500) against buildApp with a temporary SQLite
 * database (WAL, synchronous=FULL: every "success" waits for an fsync) and the
 * outbox worker writing .eml files. Prints the median and the 99th percentile.
 * Usage: npm run bench:quote [-- <requests>]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleQuote } from '../common/quote-sample.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config/config.ts';

const requests = Number(process.argv[2] ?? 500);
const dir = mkdtempSync(join(tmpdir(), 'bench-quote-'));
const site = join(dir, 'site');
mkdirSync(join(site, '404'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<!DOCTYPE html><title>bench</title>');
writeFileSync(join(site, '404', 'index.html'), '<!DOCTYPE html><title>404</title>');

const config = loadConfig({
  SITE_DIR: site,
  DATABASE_PATH: join(dir, 'site.db'),
  MAIL_DIR: join(dir, 'mail'),
  RATE_LIMIT_MAX: String(requests * 2),
});
const app = await buildApp({ config, logger: false });
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/api/quote`;

  const send = async (index: number) => {
    const form = new FormData();
    const quote = sampleQuote({
      name: `Bench Visitor ${index}`,
      email: `bench${index}@company.example`,
      message: 'We would like a quote for a new website with an online shop.\n'.repeat(8),
    });
    for (const [name, value] of Object.entries(quote)) form.append(name, value);
    form.append('website', '');
    const start = process.hrtime.bigint();
    const response = await fetch(url, { method: 'POST', body: form, headers: { accept: 'text/plain' } });
    const text = await response.text();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (text !== 'success') throw new Error(`Request ${index} answered ${response.status}: ${text}`);
    return ms;
  };

  for (let index = 0; index < 20; index++) await send(-index); // warm-up
  const times: number[] = [];
  for (let index = 0; index < requests; index++) times.push(await send(index));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN;
  console.log(
    `POST /api/quote, ${requests} sequential requests over a socket (SQLite WAL, synchronous=FULL):\n` +
      `  median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${at(1).toFixed(2)} ms`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

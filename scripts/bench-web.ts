/**
 * npm run bench:web — Lighthouse 12 (its default mobile configuration, in
 * Debian's Chromium) against every route and the 404 page of the real
 * production server, 3 runs per route, the median of each score and timing kept. Prints a
 * table, saves bench/results/bench-web.json, and exits 1 if a target is missed.
 * Usage: npm run bench:web [-- --runs N]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { sitePaths } from '../app/content/site-map.ts';
import { machine, saveJson, table } from '../bench/report.ts';
import { lighthouseMedian, type RouteResult } from '../bench/web/lighthouse-run.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { BUILT_SERVER, startServer, stopServer } from '../server/test/server-process.ts';

const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
const SITE_DIR = 'build/client';

/** The targets: 100 in every category, and these. */
const targets = { lcpMs: 1500, tbtMs: 50, cls: 0.02, jsHomeKB: 115, jsOtherKB: 105 };

const ensure = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
  stdio: 'inherit',
});
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const host = machine();
const routes = [...sitePaths.map((path) => ({ route: path, path })), { route: '404', path: '/no-such-page' }];
const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const server = await startServer({
  ...BUILT_SERVER,
  env: {
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_DIR: resolve(SITE_DIR),
    DATABASE_PATH: join(dataDir, 'site.db'),
    MAIL_DIR: join(dataDir, 'mail'),
  },
  logFile: join(dataDir, 'server.log'),
});
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
const results: RouteResult[] = [];
try {
  for (const { route, path } of routes) {
    const options = { origin: server.url, route, path, chromePort: chrome.port, runs, siteDir: SITE_DIR };
    results.push(await lighthouseMedian(options));
    console.log(`measured ${route}`);
  }
} finally {
  chrome.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
const printed = table(
  [
    'route',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS KB',
    'JS KB gzip',
    'total KB',
  ],
  results.map((result) => [
    result.route,
    result.scores.performance,
    result.scores.accessibility,
    result.scores.bestPractices,
    result.scores.seo,
    Math.round(result.fcpMs),
    Math.round(result.lcpMs),
    Math.round(result.tbtMs),
    result.cls.toFixed(3),
    kb(result.jsTransferredBytes),
    kb(result.jsGzipBytes),
    kb(result.totalTransferredBytes),
  ]),
);

console.log(
  `\nbench:web — Lighthouse 12, ${runs} runs per route, the median of each column (mobile, simulated throttling); ` +
    `${host.cores} cores, Node ${host.node}, load average at start ${host.loadAverage.join(' ')}\n` +
    'JS KB: JavaScript transferred as Lighthouse measured it (Brotli, headers included); ' +
    'JS KB gzip: the same files at gzip -9, bodies only.\n',
);
console.log(printed);
for (const result of results) {
  if (result.failedAudits.length > 0)
    console.log(`\n${result.route} did not pass: ${result.failedAudits.join(', ')}`);
}

/**
 * What the 404 page fails on purpose: its 404 status (which Chromium logs as a
 * console error, and which SEO flags) and its noindex. Anything else counts.
 */
const NOT_FOUND_BY_DESIGN = [
  'best-practices: errors-in-console',
  'seo: http-status-code',
  'seo: is-crawlable',
];
const byDesign = (result: RouteResult, category: string) =>
  result.route === '404' &&
  result.failedAudits
    .filter((audit) => audit.startsWith(`${category === 'bestPractices' ? 'best-practices' : category}:`))
    .every((audit) => NOT_FOUND_BY_DESIGN.includes(audit));

const misses = results.flatMap((result) => {
  const jsBudget = (result.route === '/' ? targets.jsHomeKB : targets.jsOtherKB) * 1000;
  const problems = [
    ...Object.entries(result.scores)
      .filter(([name, value]) => value < 100 && !byDesign(result, name))
      .map(([name, value]) => `${name} ${value}`),
    result.lcpMs > targets.lcpMs ? `LCP ${Math.round(result.lcpMs)} ms` : '',
    result.tbtMs > targets.tbtMs ? `TBT ${Math.round(result.tbtMs)} ms` : '',
    result.cls > targets.cls ? `CLS ${result.cls.toFixed(3)}` : '',
    result.jsTransferredBytes > jsBudget ? `JS ${kb(result.jsTransferredBytes)} KB` : '',
  ].filter(Boolean);
  return problems.length > 0 ? [`${result.route}: ${problems.join(', ')}`] : [];
});
const notFound = results.find((result) => result.route === '404');
if (
  notFound &&
  notFound.failedAudits.length > 0 &&
  notFound.failedAudits.every((audit) => NOT_FOUND_BY_DESIGN.includes(audit))
)
  console.log('\nThe 404 page fails only what a not-found page must: its 404 status and its noindex.');
console.log(
  misses.length === 0 ? '\nEvery route meets every target.' : `\nMissed targets:\n  ${misses.join('\n  ')}`,
);

saveJson('bench/results/bench-web.json', {
  date: new Date().toISOString(),
  machine: host,
  runsPerRoute: runs,
  targets,
  results,
  table: printed,
});
console.log('\nSaved bench/results/bench-web.json');
if (misses.length > 0) process.exitCode = 1;

/**
 * npm run bench:web — Lighthouse 12 (mobile default configuration, Debian's
 * Chromium) against every route and the 404 page of the real production
 * server, 3 runs per route, median kept. Prints a table and saves JSON under
 * bench/results/. Usage: npm run bench:web [-- --runs N]
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { sitePaths } from '../app/content/site-map.ts';
import { lighthouseMedian, type RouteResult } from '../bench/web/lighthouse-run.ts';
import { startSiteServer } from '../bench/web/start-site-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
const PORT = 4180;
const SITE_DIR = 'build/client';

const targets = { lcpMs: 1500, tbtMs: 50, cls: 0.02, jsHomeKB: 115, jsOtherKB: 105 };

const ensure = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const routes = [...sitePaths.map((path) => ({ route: path, path })), { route: '404', path: '/no-such-page' }];
const server = await startSiteServer(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
const results: RouteResult[] = [];
try {
  for (const { route, path } of routes) {
    const result = await lighthouseMedian({
      origin: server.origin,
      route,
      path,
      chromePort: chrome.port,
      runs,
      siteDir: SITE_DIR,
    });
    results.push(result);
    console.log(`measured ${route}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const header = [
  'route',
  'perf',
  'a11y',
  'best',
  'seo',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'JS KB (br)',
  'JS KB (gzip)',
  'total KB',
];
const rows = results.map((result) => [
  result.route,
  String(result.scores.performance),
  String(result.scores.accessibility),
  String(result.scores.bestPractices),
  String(result.scores.seo),
  result.fcpMs.toFixed(0),
  result.lcpMs.toFixed(0),
  result.tbtMs.toFixed(0),
  result.cls.toFixed(3),
  kb(result.jsTransferredBytes),
  kb(result.jsGzipBytes),
  kb(result.totalTransferredBytes),
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
const table = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');

console.log(
  `\nLighthouse ${runs} runs per route, median run (mobile, simulated throttling), ${cpus().length} cores, Node ${process.version}\n`,
);
console.log(table);
for (const result of results) {
  if (result.failedAudits.length > 0) console.log(`\n${result.route}: ${result.failedAudits.join(', ')}`);
}

const misses = results.flatMap((result) => {
  const jsBudget = (result.route === '/' ? targets.jsHomeKB : targets.jsOtherKB) * 1000;
  const problems = [
    ...Object.entries(result.scores)
      .filter(([, value]) => value < 100)
      .map(([name, value]) => `${name} ${value}`),
    result.lcpMs > targets.lcpMs ? `LCP ${result.lcpMs.toFixed(0)} ms` : '',
    result.tbtMs > targets.tbtMs ? `TBT ${result.tbtMs.toFixed(0)} ms` : '',
    result.cls > targets.cls ? `CLS ${result.cls.toFixed(3)}` : '',
    result.jsTransferredBytes > jsBudget ? `JS ${kb(result.jsTransferredBytes)} KB transferred` : '',
  ].filter(Boolean);
  return problems.length > 0 ? [`${result.route}: ${problems.join(', ')}`] : [];
});
console.log(
  misses.length === 0 ? '\nEvery route meets every target.' : `\nMissed targets:\n  ${misses.join('\n  ')}`,
);

mkdirSync('bench/results', { recursive: true });
const report = {
  date: new Date().toISOString(),
  machine: { cores: cpus().length, node: process.version },
  runsPerRoute: runs,
  targets,
  results,
  table,
};
writeFileSync('bench/results/web-latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log('\nSaved bench/results/web-latest.json');

/**
 * npm run bench:web — Lighthouse 12 (its default mobile configuration, in
 * Debian's Chromium) against every route and the 404 page of the real
 * production server, 3 runs per route, each starting from about:blank as
 * Lighthouse and PageSpeed Insights do; the median of each score and timing
 * kept. The newsletter archive's pages, which the server writes from the
 * database, are measured too, with one sample campaign (bench/web/archive-sample.ts). Beside them, in the same run, two blank control pages
 * (bench/web/control-pages.ts): the public pages' TBT is judged against the
 * blank page with the same headers, so a busy machine is told from a slow
 * page. Prints a table and whether each target is met
 * (bench/web/web-targets.ts), saves bench/results/bench-web.json, and exits 1
 * if a target is missed.
 *
 * Usage: npm run bench:web [-- --runs N] [-- --routes /newsletter/archive,404]
 * (--routes: only these routes, by the name the table gives them, saved in bench-web-some-routes.json.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { prerenderPaths, sitePaths } from '../app/content/site-map.ts';
import { notFoundPath } from '../common/site-paths.ts';
import { machine, saveJson, table } from './report.ts';
import { ARCHIVE_ROUTES, seedArchiveSample } from './web/archive-sample.ts';
import { CONTROL_PAGES, startControlPages } from './web/control-pages.ts';
import { lighthouseMedian, type RouteResult } from './web/lighthouse-run.ts';
import { median } from './web/median-of-runs.ts';
import { missedTargets, WEB_TARGETS, type PageKind } from './web/web-targets.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { BUILT_SERVER, startServer, stopServer } from '../server/test/server-process.ts';

const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
const routesArgument = process.argv.indexOf('--routes');
const only = routesArgument > 0 ? (process.argv[routesArgument + 1] ?? '').split(',') : undefined;
const SITE_DIR = 'build/client';

const ensure = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
  stdio: 'inherit',
});
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const host = machine();
const routes = [
  ...prerenderPaths.filter((path) => path !== notFoundPath).map((path) => ({ route: path, path })),
  ...ARCHIVE_ROUTES,
  { route: '404', path: '/no-such-page' },
].filter(({ route }) => !only || only.includes(route));
if (routes.length === 0) throw new Error(`No route is called ${only?.join(' or ')}`);
/** Pages for search engines: the sitemap's, and the archive's (written by the server, not in the sitemap). */
const indexed: readonly string[] = [...sitePaths, ...ARCHIVE_ROUTES.map(({ route }) => route)];
const kindOf = (route: string): PageKind =>
  route === '404' ? 'not-found' : indexed.includes(route) ? 'indexed' : 'noindex';

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
seedArchiveSample(join(dataDir, 'site.db'));
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
const results: RouteResult[] = [];
const controls: RouteResult[] = [];
const controlPages = await startControlPages();
try {
  const common = { chromePort: chrome.port, runs, siteDir: SITE_DIR };
  // The controls first and last, so a machine that gets busier or quieter during the run shows in them.
  controls.push(await lighthouseMedian({ ...common, ...CONTROL_PAGES.public, origin: controlPages.origin }));
  for (const { route, path } of routes) {
    results.push(await lighthouseMedian({ ...common, origin: server.url, route, path }));
    console.log(`measured ${route}`);
  }
  for (const control of [CONTROL_PAGES.public, CONTROL_PAGES.withCoop]) {
    const measured = await lighthouseMedian({ ...common, ...control, origin: controlPages.origin });
    controls.push({
      ...measured,
      route: `${control.route}${control === CONTROL_PAGES.public ? ', again' : ''}`,
    });
  }
} finally {
  chrome.kill();
  await stopServer(server);
  await controlPages.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The control the pages are judged against: the blank public page's runs before and after them, together. */
const publicControls = controls.slice(0, 2);
const control: RouteResult = {
  ...(publicControls[0] as RouteResult),
  tbtMs: median(publicControls.flatMap((run) => (run.runs ?? [run]).map((figures) => figures.tbtMs))),
};

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
/** Each run's total blocking time, in the order they ran. */
const tbtRuns = (result: RouteResult) =>
  (result.runs ?? [result]).map((run) => Math.round(run.tbtMs)).join('/');

const rows = [...results, ...controls];
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
    'TBT runs',
    'CLS',
    'JS KB gzip',
    'JS KB br',
    'total KB',
  ],
  rows.map((result) => [
    result.route,
    result.scores.performance,
    result.scores.accessibility,
    result.scores.bestPractices,
    result.scores.seo,
    Math.round(result.fcpMs),
    Math.round(result.lcpMs),
    Math.round(result.tbtMs),
    tbtRuns(result),
    result.cls.toFixed(3),
    kb(result.jsGzipBytes),
    kb(result.jsBrotliBytes),
    kb(result.totalTransferredBytes),
  ]),
);
console.log(
  `\nbench:web — Lighthouse 12, ${runs} runs per route from about:blank, the median of each column ` +
    `(mobile, simulated throttling); ${host.cores} cores, Node ${host.node}, load average at start ` +
    `${host.loadAverage.join(' ')}\n` +
    'JS KB gzip / br: the scripts the page loaded, gzip -9 and Brotli 11, bodies only. The controls are ' +
    'blank pages served beside the site (the public one measured before and after the routes).\n',
);
console.log(printed);
for (const result of results) {
  if (result.failedAudits.length > 0)
    console.log(`\n${result.route} did not pass: ${result.failedAudits.join(', ')}`);
}

const misses = results.flatMap((result) => {
  const missed = missedTargets(result, kindOf(result.route), control);
  return missed.length > 0 ? [`${result.route}: ${missed.join(', ')}`] : [];
});
const tbtLimit = Math.round(control.tbtMs + WEB_TARGETS.tbtOverControlMs);
const summary = [
  `Targets, on every route: performance, accessibility, best practices and SEO 100 in ${runs} of ${runs} runs ` +
    '(the thank-you, newsletter and 404 pages fail only their noindex, and the 404 page its status); ' +
    `median TBT at most ${tbtLimit} ms (the blank control's median ${Math.round(control.tbtMs)} ms ` +
    `+ ${WEB_TARGETS.tbtOverControlMs}); LCP at most ${WEB_TARGETS.lcpMs} ms; CLS at most ${WEB_TARGETS.cls}; ` +
    `script at most ${WEB_TARGETS.jsGzipHomeKB} KB gzip on the home page, ${WEB_TARGETS.jsGzipOtherKB} KB elsewhere.`,
  misses.length === 0 ? 'Met: every route meets every target.' : `NOT met:\n  ${misses.join('\n  ')}`,
];
console.log(`\n${summary.join('\n')}`);

// A run of some routes does not replace the full run's results.
const resultsFile = only ? 'bench/results/bench-web-some-routes.json' : 'bench/results/bench-web.json';
saveJson(resultsFile, {
  benchmark: 'bench:web',
  date: new Date().toISOString(),
  machine: host,
  runsPerRoute: runs,
  start: 'about:blank',
  targets: { ...WEB_TARGETS, tbtLimitMs: tbtLimit },
  met: misses.length === 0,
  misses,
  results,
  controls,
  table: printed,
  summary,
});
console.log(`\nSaved ${resultsFile}`);
if (misses.length > 0) process.exitCode = 1;

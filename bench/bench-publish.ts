/**
 * npm run bench:publish — publishing the website, on two instances of the production server on one
 * PostgreSQL (a throw-away cluster: e2e/support/website-instances.ts):
 * - publish to served: an FAQ answer saved as a draft, then Publish; from the moment Publish is sent until
 *   the public /FAQ of the publishing instance, and of the second instance, serves the new answer (each
 *   polled back to back), over 20 publishes: p50 and p95 of each (goal at most 10 s, aim at most 2 s);
 * - the time to render every public page with the page renderer (server/site/page-renderer.ts), in this
 *   process, page by page, the median of 3 rounds;
 * - Lighthouse (bench:web's run, bench/web/lighthouse-run.ts) on the edited FAQ page, served from a release.
 * Prints a table and saves bench/results/bench-publish.json.
 *
 * Usage: npm run bench:publish [-- --publishes N] [-- --runs N (Lighthouse runs)]
 */
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import { defaultSiteContent } from '../app/content/site-content.ts';
import { loadPageRenderer } from '../server/site/page-renderer.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import {
  startWebsiteInstances,
  websiteApi,
  type WebsiteInstances,
} from '../e2e/support/website-instances.ts';
import { machine, round, saveJson, table } from './report.ts';
import { quantile } from './server-log.ts';
import { lighthouseMedian, type RouteResult } from './web/lighthouse-run.ts';
import { median } from './web/median-of-runs.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PUBLISHES = argument('--publishes', 20);
const LIGHTHOUSE_RUNS = argument('--runs', 3);
const RENDER_ROUNDS = 3;
const GOAL_MS = 10_000;
const AIM_MS = 2_000;

const ensure = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
  stdio: 'inherit',
});
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

/** Every public page rendered from the starting content, one after another, RENDER_ROUNDS times. */
async function renderEveryPage() {
  const renderer = await loadPageRenderer();
  const perPage = new Map<string, number[]>(renderer.paths.map((path) => [path, []]));
  const totals: number[] = [];
  for (let roundIndex = 0; roundIndex < RENDER_ROUNDS; roundIndex++) {
    const start = performance.now();
    for (const path of renderer.paths) {
      const pageStart = performance.now();
      await renderer.render(defaultSiteContent, path);
      perPage.get(path)?.push(performance.now() - pageStart);
    }
    totals.push(performance.now() - start);
  }
  return {
    pages: renderer.paths.length,
    totalMs: round(median(totals)),
    totalsMs: totals.map((total) => round(total)),
    perPageMs: Object.fromEntries([...perPage].map(([path, times]) => [path, round(median(times))])),
  };
}

/** Resolves with the time (from `since`) at which the instance's /FAQ first contains `text`. */
async function servedAt(url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const body = await (await fetch(`${url}/FAQ`)).text();
    if (body.includes(text)) return performance.now() - since;
    if (performance.now() - since > 60_000) throw new Error(`${url}/FAQ did not serve "${text}" in 60 s`);
  }
}

/** PUBLISHES times: save a draft (not timed), publish, and time until each instance serves it. */
async function publishToServed(instances: WebsiteInstances) {
  const [publishing = '', second = ''] = instances.urls;
  const api = websiteApi(publishing, instances);
  const samples: { publishMs: number; publishingMs: number; secondMs: number }[] = [];
  for (let index = 1; index <= PUBLISHES; index++) {
    const answer = `Answer of publish number ${index} (${Date.now()}).`;
    await api.saveFaqAnswer(answer);
    const start = performance.now();
    const published = api.publish().then(() => performance.now() - start);
    const [publishMs, publishingMs, secondMs] = await Promise.all([
      published,
      servedAt(publishing, answer, start),
      servedAt(second, answer, start),
    ]);
    samples.push({ publishMs, publishingMs, secondMs });
    console.log(`publish ${index}: served in ${round(publishingMs)} ms here, ${round(secondMs)} ms there`);
  }
  const summary = (pick: (sample: (typeof samples)[number]) => number) => {
    const sorted = samples.map(pick).sort((a, b) => a - b);
    return {
      p50: round(quantile(sorted, 0.5)),
      p95: round(quantile(sorted, 0.95)),
      max: round(sorted.at(-1) ?? NaN),
    };
  };
  return {
    publishRequest: summary((sample) => sample.publishMs),
    publishingInstance: summary((sample) => sample.publishingMs),
    secondInstance: summary((sample) => sample.secondMs),
    samples: samples.map((sample) => ({
      publishMs: round(sample.publishMs),
      publishingMs: round(sample.publishingMs),
      secondMs: round(sample.secondMs),
    })),
  };
}

async function lighthouseOnEditedPage(instances: WebsiteInstances): Promise<RouteResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    return await lighthouseMedian({
      chromePort: chrome.port,
      runs: LIGHTHOUSE_RUNS,
      siteDir: 'build/client',
      origin: instances.siteUrl,
      route: '/FAQ (edited)',
      path: '/FAQ',
    });
  } finally {
    chrome.kill();
  }
}

const host = machine();
const render = await renderEveryPage();
console.log(`rendered every page (${render.pages}) in ${render.totalMs} ms`);
const instances = await startWebsiteInstances(2);
let publish: Awaited<ReturnType<typeof publishToServed>>;
let lighthouse: RouteResult;
try {
  publish = await publishToServed(instances);
  lighthouse = await lighthouseOnEditedPage(instances);
} finally {
  await instances.stop();
}

const met = (ms: number) => (ms <= AIM_MS ? 'aim met' : ms <= GOAL_MS ? 'goal met' : 'NOT met');
const printed = table(
  ['measure', 'p50 ms', 'p95 ms', 'max ms', `p95 against ${GOAL_MS / 1000} s (aim ${AIM_MS / 1000} s)`],
  [
    ['Publish request (render, store, swap)', ...Object.values(publish.publishRequest), ''],
    [
      'Publish to served, publishing instance',
      ...Object.values(publish.publishingInstance),
      met(publish.publishingInstance.p95),
    ],
    [
      'Publish to served, second instance',
      ...Object.values(publish.secondInstance),
      met(publish.secondInstance.p95),
    ],
  ],
);
const scores = lighthouse.scores;
const summary = [
  `Render every page (${render.pages}), one after another: ${render.totalMs} ms (median of ${RENDER_ROUNDS}; ` +
    `rounds ${render.totalsMs.join(' / ')} ms); slowest page ${Math.max(...Object.values(render.perPageMs))} ms.`,
  `Lighthouse on the edited /FAQ, served from a release (median of ${LIGHTHOUSE_RUNS}): performance ` +
    `${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, ` +
    `SEO ${scores.seo}; LCP ${Math.round(lighthouse.lcpMs)} ms, TBT ${Math.round(lighthouse.tbtMs)} ms` +
    (lighthouse.failedAudits.length ? `; not passed: ${lighthouse.failedAudits.join(', ')}` : '.'),
];
console.log(
  `\nbench:publish — ${PUBLISHES} publishes of an FAQ answer on two instances of the production server on ` +
    `one PostgreSQL; ${host.cores} cores, Node ${host.node}, load average at start ${host.loadAverage.join(' ')}\n`,
);
console.log(printed);
console.log(`\n${summary.join('\n')}`);
const file = 'bench/results/bench-publish.json';
saveJson(file, {
  benchmark: 'bench:publish',
  date: new Date().toISOString(),
  machine: host,
  publishes: PUBLISHES,
  goalMs: GOAL_MS,
  aimMs: AIM_MS,
  publish,
  render,
  lighthouse,
  table: printed,
  summary,
});
console.log(`\nSaved ${file}`);

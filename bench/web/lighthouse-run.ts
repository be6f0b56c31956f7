import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';
import { medianOfRuns, type RouteResult } from './median-of-runs.ts';

export type { RouteResult } from './median-of-runs.ts';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const score = (result: Result, id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

function summarise(route: string, result: Result, siteDir: string, origin: string): RouteResult {
  const requests =
    (result.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const files = scripts.flatMap((request) =>
    request.url.startsWith(origin) ? [readFileSync(join(siteDir, new URL(request.url).pathname))] : [],
  );
  const jsGzipBytes = files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
  const jsBrotliBytes = files.reduce(
    (sum, file) =>
      sum + brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    0,
  );
  const failedAudits = Object.values(result.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category.id}: ${ref.id}`),
  );
  return {
    route,
    scores: {
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
    },
    fcpMs: numeric(result, 'first-contentful-paint'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    jsTransferredBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    jsGzipBytes,
    jsBrotliBytes,
    totalTransferredBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    failedAudits,
  };
}

/**
 * Runs Lighthouse (mobile, its default configuration) against one URL a number
 * of times in the given Chrome, and keeps Lighthouse's own median run.
 * Each run starts from `about:blank`, Lighthouse's default (and PageSpeed Insights').
 */
export async function lighthouseMedian(options: {
  origin: string;
  route: string;
  path: string;
  chromePort: number;
  runs: number;
  siteDir: string;
}): Promise<RouteResult> {
  const results: Result[] = [];
  for (let run = 0; run < options.runs; run++) {
    const outcome = await lighthouse(`${options.origin}${options.path}`, {
      port: options.chromePort,
      output: 'json',
      logLevel: 'silent',
      // The 404 page is meant to answer 404; measure it anyway.
      ignoreStatusCode: true,
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${options.path}`);
    if (outcome.lhr.runtimeError) {
      console.warn(`  run ${run + 1} of ${options.path} failed: ${outcome.lhr.runtimeError.message}`);
    }
    results.push(outcome.lhr);
  }
  const valid = filterToValidRuns(results);
  if (valid.length === 0) throw new Error(`Every Lighthouse run of ${options.path} failed`);
  const summaries = valid.map((result) => summarise(options.route, result, options.siteDir, options.origin));
  const medianRun = summaries[valid.indexOf(computeMedianRun(valid))];
  if (!medianRun) throw new Error(`No median run of ${options.path}`);
  return medianOfRuns(summaries, medianRun);
}

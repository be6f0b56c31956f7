import type { RouteResult } from './median-of-runs.ts';

/**
 * bench:web's targets, from Lighthouse's default start (about:blank): 100 in
 * every category in every run, a median TBT within `tbtOverControlMs` of the
 * blank control page measured in the same run, LCP and CLS within their
 * limits, and at most this much script (gzip, bodies): the home page's React
 * islands, and no framework at all elsewhere.
 */
export const WEB_TARGETS = {
  tbtOverControlMs: 20,
  lcpMs: 1500,
  cls: 0.02,
  jsGzipHomeKB: 72,
  jsGzipOtherKB: 5,
};

/**
 * What a page kept out of search engines fails on purpose: its noindex (the
 * thank-you and newsletter pages, and the 404 page); the 404 page also its 404
 * status (which Chromium logs as a console error, and which SEO flags).
 * Anything else counts.
 */
const NOINDEX_BY_DESIGN = ['seo: is-crawlable'];
const NOT_FOUND_BY_DESIGN = [
  ...NOINDEX_BY_DESIGN,
  'best-practices: errors-in-console',
  'seo: http-status-code',
];

export type PageKind = 'indexed' | 'noindex' | 'not-found';

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));

/** The worst run's figure (the median row holds only the middle one). */
const worstRun = (result: RouteResult, pick: (run: Pick<RouteResult, 'tbtMs' | 'scores'>) => number) =>
  Math.max(...(result.runs ?? [result]).map(pick));

/** The targets a route misses, in words; none when it meets every one. */
export function missedTargets(result: RouteResult, kind: PageKind, control: RouteResult): string[] {
  const expected = kind === 'not-found' ? NOT_FOUND_BY_DESIGN : kind === 'noindex' ? NOINDEX_BY_DESIGN : [];
  const runs = result.runs ?? [result];
  const byDesign = (category: keyof RouteResult['scores']) => {
    const prefix = `${category === 'bestPractices' ? 'best-practices' : category}:`;
    const failed = result.failedAudits.filter((audit) => audit.startsWith(prefix));
    return failed.length > 0 && failed.every((audit) => expected.includes(audit));
  };
  const tbtLimit = control.tbtMs + WEB_TARGETS.tbtOverControlMs;
  const jsBudget = (result.route === '/' ? WEB_TARGETS.jsGzipHomeKB : WEB_TARGETS.jsGzipOtherKB) * 1000;
  return [
    // Every run, not the median: 100 in 3 of 3 runs.
    ...(Object.keys(result.scores) as (keyof RouteResult['scores'])[])
      .map((name) => [name, Math.min(...runs.map((run) => run.scores[name]))] as const)
      .filter(([name, worst]) => worst < 100 && !byDesign(name))
      .map(([name, worst]) => `${name} ${worst} in a run`),
    result.tbtMs > tbtLimit
      ? `median TBT ${Math.round(result.tbtMs)} ms, over the control's ${Math.round(control.tbtMs)} + ${WEB_TARGETS.tbtOverControlMs} ms (worst run ${Math.round(worstRun(result, (run) => run.tbtMs))} ms)`
      : '',
    result.lcpMs > WEB_TARGETS.lcpMs ? `LCP ${Math.round(result.lcpMs)} ms` : '',
    result.cls > WEB_TARGETS.cls ? `CLS ${result.cls.toFixed(3)}` : '',
    result.jsGzipBytes > jsBudget ? `JS ${kb(result.jsGzipBytes)} KB gzip` : '',
  ].filter(Boolean);
}

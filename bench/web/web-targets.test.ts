import { describe, expect, it } from 'vitest';
import type { RouteResult } from './median-of-runs.ts';
import { missedTargets } from './web-targets.ts';

function result(
  route: string,
  tbtRuns: number[],
  performance = 100,
  failedAudits: string[] = [],
): RouteResult {
  const sorted = [...tbtRuns].sort((a, b) => a - b);
  const scores = { performance, accessibility: 100, bestPractices: 100, seo: 100 };
  return {
    route,
    scores,
    fcpMs: 700,
    lcpMs: 800,
    tbtMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    cls: 0,
    jsTransferredBytes: 1_400,
    jsGzipBytes: 1_400,
    jsBrotliBytes: 1_200,
    totalTransferredBytes: 20_000,
    failedAudits,
    runs: tbtRuns.map((tbtMs) => ({ scores, fcpMs: 700, lcpMs: 800, tbtMs, cls: 0 })),
  };
}

describe("bench:web's targets", () => {
  it('judge TBT against the blank control of the same run: a busy machine is not a slow page', () => {
    const busyControl = result('control', [40, 60, 90]);
    expect(missedTargets(result('/services', [50, 70, 120]), 'indexed', busyControl)).toEqual([]);
    expect(missedTargets(result('/services', [70, 90, 120]), 'indexed', busyControl)).toEqual([
      "median TBT 90 ms, over the control's 60 + 20 ms (worst run 120 ms)",
    ]);
    expect(
      missedTargets(result('/services', [70, 90, 120]), 'indexed', result('control', [0, 0, 0])),
    ).toHaveLength(1);
  });

  it('want 100 in every run, and forgive a noindex page only its noindex', () => {
    const control = result('control', [0, 0, 0]);
    const slowRun = result('/about', [0, 0, 0]);
    slowRun.runs = slowRun.runs?.map((run, index) => ({
      ...run,
      scores: { ...run.scores, performance: index === 1 ? 97 : 100 },
    }));
    expect(missedTargets(slowRun, 'indexed', control)).toEqual(['performance 97 in a run']);

    const noindex = result('/thank-you', [0, 0, 0]);
    noindex.runs = noindex.runs?.map((run) => ({ ...run, scores: { ...run.scores, seo: 63 } }));
    noindex.failedAudits = ['seo: is-crawlable'];
    expect(missedTargets(noindex, 'noindex', control)).toEqual([]);
    expect(missedTargets(noindex, 'indexed', control)).toEqual(['seo 63 in a run']);
  });
});

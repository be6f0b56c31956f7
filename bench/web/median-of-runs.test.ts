import { describe, expect, it } from 'vitest';
import { medianOfRuns, type RouteResult } from './median-of-runs.ts';

function run(tbtMs: number, performance: number, failedAudits: string[] = []): RouteResult {
  return {
    route: '/services',
    scores: { performance, accessibility: 100, bestPractices: 100, seo: 100 },
    fcpMs: 700 + tbtMs,
    lcpMs: 800,
    tbtMs,
    cls: 0,
    jsTransferredBytes: 103_000,
    jsGzipBytes: 111_000,
    jsBrotliBytes: 100_000,
    totalTransferredBytes: 117_000,
    failedAudits,
  };
}

describe('the median of three Lighthouse runs', () => {
  it('takes each score and timing from its own middle run, so one outlier run does not decide the row', () => {
    const outlier = run(110, 99, ['performance: total-blocking-time']);
    const result = medianOfRuns([run(10, 100), outlier, run(30, 100)], outlier);
    expect(result.tbtMs).toBe(30);
    expect(result.fcpMs).toBe(730);
    expect(result.scores.performance).toBe(100);
    expect(result.failedAudits).toEqual([]);
    expect(result.jsTransferredBytes).toBe(103_000);
    expect(result.runs?.map((figures) => figures.tbtMs)).toEqual([10, 110, 30]);
  });

  it('reports an audit that fails in most runs', () => {
    const failing = ['seo: is-crawlable'];
    const result = medianOfRuns([run(0, 100, failing), run(0, 100, failing), run(0, 100)], run(0, 100));
    expect(result.failedAudits).toEqual(failing);
  });
});

/** One route's Lighthouse figures. */
export interface RouteResult {
  route: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript bytes on the wire, as Lighthouse measured them (the server sends Brotli). */
  jsTransferredBytes: number;
  /** The same scripts gzipped at level 9, bodies only: what the targets count. */
  jsGzipBytes: number;
  /** And with Brotli at quality 11 (what the server sends), bodies only. */
  jsBrotliBytes: number;
  totalTransferredBytes: number;
  /** Audits that did not pass in a category in most runs, for the notes. */
  failedAudits: string[];
  /** Each run's figures, for a look at the spread. */
  runs?: RunFigures[];
}

type RunFigures = Pick<RouteResult, 'scores' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls'>;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * Every score and timing is the median of its own runs: on a shared 2-core
 * machine one run's total blocking time swings by tens of milliseconds, and
 * Lighthouse's median run (chosen by FCP and TTI only) can carry an outlier.
 * Bytes come from Lighthouse's median run; they do not vary between runs.
 */
export function medianOfRuns(runs: RouteResult[], medianRun: RouteResult): RouteResult {
  const of = (pick: (run: RouteResult) => number) => median(runs.map(pick));
  const audits = runs.flatMap((run) => run.failedAudits);
  return {
    ...medianRun,
    scores: {
      performance: of((run) => run.scores.performance),
      accessibility: of((run) => run.scores.accessibility),
      bestPractices: of((run) => run.scores.bestPractices),
      seo: of((run) => run.scores.seo),
    },
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    failedAudits: [...new Set(audits)].filter(
      (audit) => audits.filter((failed) => failed === audit).length * 2 > runs.length,
    ),
    runs: runs.map(({ scores, fcpMs, lcpMs, tbtMs, cls }) => ({ scores, fcpMs, lcpMs, tbtMs, cls })),
  };
}

import type { LoadResult } from './load.ts';
import { round } from './report.ts';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The mean of a server's GET / runs. */
export function staticSummary(runs: LoadResult[]) {
  return {
    requestsPerSecond: mean(runs.map((result) => result.requestsPerSecond)),
    p50: mean(runs.map((result) => result.latencyMs.p50)),
    p99: mean(runs.map((result) => result.latencyMs.p99)),
    serverCpu: runs.every((result) => typeof result.serverCpu === 'number')
      ? mean(runs.map((result) => result.serverCpu ?? 0))
      : null,
    failures: runs.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  };
}

type StaticSummary = ReturnType<typeof staticSummary>;

/** Server CPU time per GET, in µs, of the real and the bare server, and real/bare; undefined off Linux. */
export function cpuPerGet(real: StaticSummary, bare: StaticSummary) {
  const microseconds = (summary: StaticSummary) =>
    summary.serverCpu === null ? undefined : (summary.serverCpu / summary.requestsPerSecond) * 1e6;
  const realCpu = microseconds(real);
  const bareCpu = microseconds(bare);
  return realCpu === undefined || bareCpu === undefined
    ? undefined
    : { real: round(realCpu, 0), bare: round(bareCpu, 0), ratio: round(realCpu / bareCpu, 2) };
}

const cpu = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(2) : '?');

/** The rows of bench:api's table: GET / on both servers, then a POST row per connection count. */
export function resultRows(
  servers: [string, StaticSummary][],
  connections: number,
  quoteRuns: (LoadResult & {
    succeeded: number;
    serverLatencyMs: { p50: number; p99: number };
    /** The row's name (default: POST /api/quote, the SQLite server). */
    label?: string;
  })[],
): (string | number)[][] {
  return [
    ...servers.map(([name, summary]) => [
      name,
      connections,
      round(summary.requestsPerSecond, 0),
      round(summary.p50),
      round(summary.p99),
      '',
      '',
      cpu(summary.serverCpu),
      summary.failures,
    ]),
    ...quoteRuns.map((result) => [
      result.label ?? 'POST /api/quote',
      result.connections,
      round(result.requestsPerSecond, 0),
      result.latencyMs.p50,
      result.latencyMs.p99,
      result.serverLatencyMs.p50,
      result.serverLatencyMs.p99,
      cpu(result.serverCpu),
      result.errors + result.non2xx + result.requests - result.succeeded,
    ]),
  ];
}

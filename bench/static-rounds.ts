import { join } from 'node:path';
import { BUILT_SERVER, startServer, type RunningServer } from '../server/test/server-process.ts';
import { staticSummary } from './api-report.ts';
import { runLoadWatching, type LoadResult } from './load.ts';
import { round } from './report.ts';

/**
 * GET / as a person's browser sends it: a browser's user agent (a request without one is never counted
 * as a visit, so the counting's cost would not be measured) and its Accept-Encoding.
 */
export const staticRequest = (acceptEncoding: string) => ({
  method: 'GET' as const,
  path: '/',
  headers: {
    'accept-encoding': acceptEncoding,
    'user-agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    referer: 'https://www.google.com/',
  },
});

export interface StaticRoundsOptions {
  rounds: number;
  durationSeconds: number;
  connections: number;
  request: ReturnType<typeof staticRequest>;
}

/**
 * GET / on every server, in alternating rounds (so a noisy moment of the machine hits them alike),
 * after a 3 s warm-up each: every run of each server, by name.
 */
export async function staticRounds<Name extends string>(
  servers: Record<Name, RunningServer>,
  options: StaticRoundsOptions,
): Promise<Record<Name, LoadResult[]>> {
  const hit = (target: RunningServer, seconds: number) =>
    runLoadWatching(target.pid, {
      url: target.url,
      connections: options.connections,
      run: { seconds },
      request: options.request,
    });
  const entries = Object.entries(servers) as [Name, RunningServer][];
  for (const [, server] of entries) await hit(server, 3);
  const runs = Object.fromEntries(entries.map(([name]) => [name, [] as LoadResult[]])) as Record<
    Name,
    LoadResult[]
  >;
  for (let index = 0; index < options.rounds; index++) {
    // Every other round in the reverse order, so that no server always runs first (or last) in a round.
    const order = index % 2 === 0 ? entries : [...entries].reverse();
    for (const [name, server] of order) runs[name].push(await hit(server, options.durationSeconds));
  }
  return runs;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Visits counted (VISIT_COUNTING=true, the default) against not counted, on the same build in the same
 * run: the median requests/s of each server's runs, and on/off (the target: within 10%, >= 0.9).
 */
export function countingComparison(on: LoadResult[], off: LoadResult[]) {
  const onSummary = staticSummary(on);
  const offSummary = staticSummary(off);
  const onMedian = median(on.map((run) => run.requestsPerSecond));
  const offMedian = median(off.map((run) => run.requestsPerSecond));
  const cpu = (summary: typeof onSummary) =>
    summary.serverCpu === null ? null : round((summary.serverCpu / summary.requestsPerSecond) * 1e6, 0);
  return {
    medianRequestsPerSecond: { on: round(onMedian, 0), off: round(offMedian, 0) },
    ratio: round(onMedian / offMedian, 3),
    cpuMicrosecondsPerGet: { on: cpu(onSummary), off: cpu(offSummary) },
    on: onSummary,
    off: offSummary,
  };
}

/**
 * The built server with VISIT_COUNTING=false, on a database of its own in `dir`, its log written to a
 * file as the real server's is (a log piped to this process would cost the load generator's CPU).
 */
export function startUncountedServer(dir: string, siteDir: string) {
  return startServer({
    logFile: join(dir, 'uncounted.log'),
    ...BUILT_SERVER,
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: siteDir,
      DATABASE_PATH: join(dir, 'uncounted', 'site.db'),
      MAIL_DIR: join(dir, 'uncounted', 'mail'),
      VISIT_COUNTING: 'false',
    },
  });
}

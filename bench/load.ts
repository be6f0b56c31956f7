import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export interface LoadOptions {
  url: string;
  connections: number;
  /**
   * How long to run, or how many requests to make. With a count every
   * request is answered before the run ends (none is cut off in flight), so
   * replies can be matched exactly against what the server stored.
   */
  run: { seconds: number } | { requests: number };
  /** One request's template; setupRequest/onResponse may vary it and watch the replies. */
  request: autocannon.Request;
}

/** What one autocannon run measured. */
export interface LoadResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Connection errors and timeouts (autocannon's "errors", which include timeouts). */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The server's CPU use during the run, in cores (1 = one core busy all the time); null if unknown. */
  serverCpu?: number | null;
}

/** Drives the URL with autocannon for the given time and summarises the run. */
async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  let lastResponse = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...('seconds' in options.run ? { duration: options.run.seconds } : { amount: options.run.requests }),
        pipelining: 1,
        timeout: 10,
        requests: [options.request],
      },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', () => {
      lastResponse = performance.now();
    });
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stats as { count?: number }).count ?? 0;
  }
  const requests = result.requests.total;
  // A run of a number of requests is timed here, to its last answer: autocannon's duration then counts
  // whole ticks of a second, so 5,000 requests in 5.2 s or in 5.9 s both read 833 requests/s.
  const durationSeconds = 'seconds' in options.run ? result.duration : (lastResponse - started) / 1000;
  return {
    connections: options.connections,
    durationSeconds,
    requests,
    requestsPerSecond: requests / durationSeconds,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

/** CPU time (user + system) a process has used so far, in seconds; undefined off Linux. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** USER_HZ: what /proc reports times in, 100 on every Linux architecture in use. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Runs the load while watching the server's CPU use (of each process, added
 * up, when there are several): a server far below one full core was not the
 * bottleneck, the load generator was.
 */
export async function runLoadWatching(pids: number | number[], options: LoadOptions): Promise<LoadResult> {
  const watched = Array.isArray(pids) ? pids : [pids];
  const cpu = () => {
    const each = watched.map(cpuSeconds);
    return each.some((value) => value === undefined)
      ? undefined
      : each.reduce((sum: number, value) => sum + (value ?? 0), 0);
  };
  const before = cpu();
  const started = process.hrtime.bigint();
  const result = await runLoad(options);
  const after = cpu();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const busy = before === undefined || after === undefined ? undefined : (after - before) / seconds;
  return { ...result, serverCpu: busy === undefined ? null : Number(busy.toFixed(2)) };
}

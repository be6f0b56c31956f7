import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** Where the log file ends now: remember it before a run to read only that run's lines. */
export function logOffset(file: string): number {
  return statSync(file).size;
}

/**
 * The server's own view of a run: Fastify's `responseTime` of every request
 * completed between two offsets of its JSON log. It starts when the request's
 * headers are read, so unlike the client's figure it leaves out connecting and
 * waiting in the kernel's queues.
 */
export function serverTimes(file: string, from: number, to: number): number[] {
  const length = Math.max(0, to - from);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, from);
  } finally {
    closeSync(fd);
  }
  const times: number[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    try {
      const time = (JSON.parse(line) as { responseTime?: unknown }).responseTime;
      if (typeof time === 'number') times.push(time);
    } catch {
      // a line cut at the offset
    }
  }
  return times.sort((a, b) => a - b);
}

/** The q-quantile (0..1) of sorted values, nearest rank; NaN when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

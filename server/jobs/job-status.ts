import type { JobDefinition, JobOutcome, JobPlacement } from './job.ts';

export type { JobOutcome } from './job.ts';

/** A job as `npm run jobs -- list` prints it. */
export interface JobStatus {
  name: string;
  /** E.g. "every 1 min, first after 1 min". */
  schedule: string;
  /** "each instance", or "one instance (lock maintenance:backup)". */
  where: string;
  /** When the last run started (of any instance), null before the first. */
  lastRunAt: Date | null;
  outcome: JobOutcome | null;
  /** A failed run's message. */
  error: string | null;
}

const UNITS: [number, string][] = [
  [24 * 60 * 60 * 1000, 'd'],
  [60 * 60 * 1000, 'h'],
  [60 * 1000, 'min'],
  [1000, 's'],
];

/** A duration the way the list prints it: "250 ms", "10 s", "1 min", "24 h". */
export function formatDuration(ms: number): string {
  for (const [size, unit] of UNITS) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  }
  return `${ms} ms`;
}

export function describeSchedule({ everyMs, firstMs }: Pick<JobDefinition<unknown>, 'everyMs' | 'firstMs'>) {
  const first = !firstMs ? 'first at start' : `first after ${formatDuration(firstMs)}`;
  return `every ${formatDuration(everyMs)}, ${first}`;
}

export function describePlacement(where: JobPlacement): string {
  if (where.instances === 'each') return 'each instance';
  return 'lock' in where ? `one instance (lock ${where.lock})` : `one instance (${where.lease})`;
}

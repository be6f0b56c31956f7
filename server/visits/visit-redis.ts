import type { Redis } from '../security/redis-client.ts';

/** The visitors of one row that this process saw for the first time, and where Redis keeps the row's. */
export interface VisitorSet {
  key: string;
  members: string[];
}

/** A day's row in Redis: the set of its visitors' hashes, kept until an hour after the day ends. */
export const visitorSetKey = (day: string, row: string) => `visits:${day}:${row}`;

/**
 * How many of each set's members are new to every instance: one SADD per set (Redis answers how many
 * it added), each set expiring an hour after its day ends (a time to live from this server's clock, so
 * a Redis whose clock differs keeps the sets as long), all in one pipeline. A set whose command
 * failed (Redis down, slow) is undefined: the caller counts its own new visitors for it instead, so
 * no view or visitor is lost, at worst counted once per instance.
 */
export async function newVisitors(
  redis: Redis,
  sets: readonly VisitorSet[],
  ttlSeconds: (key: string) => number,
): Promise<(number | undefined)[]> {
  const wanted = sets.filter((set) => set.members.length > 0);
  if (wanted.length === 0) return sets.map(() => 0);
  const pipeline = redis.pipeline();
  for (const set of wanted) {
    pipeline.sadd(set.key, ...set.members);
    pipeline.expire(set.key, ttlSeconds(set.key));
  }
  let results: [Error | null, unknown][] | null;
  try {
    results = await pipeline.exec();
  } catch {
    return sets.map(() => undefined);
  }
  const added = new Map<string, number | undefined>();
  wanted.forEach((set, index) => {
    const [error, count] = results?.[index * 2] ?? [new Error('no answer'), undefined];
    added.set(set.key, error || typeof count !== 'number' ? undefined : count);
  });
  return sets.map((set) => (set.members.length === 0 ? 0 : added.get(set.key)));
}

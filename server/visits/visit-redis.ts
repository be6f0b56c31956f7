import type { Redis } from '../security/redis-client.ts';

/** The visitors of one row that may be new to every instance, and where Redis keeps the row's. */
export interface VisitorSet {
  key: string;
  members: string[];
  /** Up to this many visitors the row is an exact set in Redis; past it, a HyperLogLog (`<key>:hll`). */
  exactMax: number;
}

/** A day's row in Redis: the set of its visitors' hashes, kept until an hour after the day ends. */
export const visitorSetKey = (day: string, row: string) => `visits:${day}:${row}`;

/**
 * One row's new visitors, in one atomic step (so instances flushing at once never count one twice):
 * SADD to the row's set while it holds at most ARGV[1] hashes (the count is exact), and once past
 * it, the set moved into a HyperLogLog (PFADD) and deleted, the new visitors then the growth of
 * PFCOUNT. So a day's memory in Redis is bounded (about 12 KiB a sketch) whatever the traffic.
 * Members go 1,000 at a time (Lua's unpack has a limit).
 */
const ADD_VISITORS = `
local function addAll(command, key, values, from)
  local added = 0
  for i = from, #values, 1000 do
    added = added + redis.call(command, key, unpack(values, i, math.min(i + 999, #values)))
  end
  return added
end
local added
if redis.call('EXISTS', KEYS[2]) == 1 then
  local before = redis.call('PFCOUNT', KEYS[2])
  addAll('PFADD', KEYS[2], ARGV, 3)
  added = math.max(0, redis.call('PFCOUNT', KEYS[2]) - before)
else
  added = addAll('SADD', KEYS[1], ARGV, 3)
  if redis.call('SCARD', KEYS[1]) > tonumber(ARGV[1]) then
    addAll('PFADD', KEYS[2], redis.call('SMEMBERS', KEYS[1]), 1)
    redis.call('DEL', KEYS[1])
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return added
`;

/**
 * How many of each set's members are new to every instance: one script per set (ADD_VISITORS), each
 * row expiring an hour after its day ends (a time to live from this server's clock, so a Redis whose
 * clock differs keeps the rows as long), all in one pipeline. A set whose command failed (Redis
 * down, slow) is undefined: the caller counts its own new visitors for it instead, so no view or
 * visitor is lost, at worst counted once per instance.
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
    pipeline.eval(
      ADD_VISITORS,
      2,
      set.key,
      `${set.key}:hll`,
      set.exactMax,
      ttlSeconds(set.key),
      ...set.members,
    );
  }
  let results: [Error | null, unknown][] | null;
  try {
    results = await pipeline.exec();
  } catch {
    return sets.map(() => undefined);
  }
  const added = new Map<string, number | undefined>();
  wanted.forEach((set, index) => {
    const [error, count] = results?.[index] ?? [new Error('no answer'), undefined];
    added.set(set.key, error || typeof count !== 'number' ? undefined : count);
  });
  return sets.map((set) => (set.members.length === 0 ? 0 : added.get(set.key)));
}

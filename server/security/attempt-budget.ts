/** A client's attempts in the current window. */
interface Window {
  count: number;
  endsAt: number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A per-client budget of attempts in a fixed window, taken before the attempt
 * runs; an attempt that turns out not to count gives its unit back. In memory
 * (createAttemptBudget) or in Redis (createRedisAttemptBudget), whose calls
 * reject when Redis cannot be reached.
 */
export interface AttemptBudget {
  /** Takes one attempt of the client's budget, or says how long until the budget is new again. */
  take(key: string): Promise<Take>;
  /** An attempt taken from the budget did not count after all. */
  giveBack(key: string): Promise<void>;
}

export interface AttemptBudgetOptions {
  /** Attempts per client and window. */
  max: number;
  windowMs: number;
  now: () => Date;
  /** Clients remembered at most; the oldest windows go first (a flood of addresses cannot fill memory). */
  capacity?: number;
}

/**
 * A per-client budget of attempts in a fixed window, counted before the attempt
 * runs: taking a unit and checking the budget is one synchronous step, so a
 * burst of parallel attempts cannot all pass a budget none of them has used
 * yet. An attempt that turns out not to count (a success, or a failure on the
 * server's side) gives its unit back.
 */
export function createAttemptBudget({
  max,
  windowMs,
  now,
  capacity = 10_000,
}: AttemptBudgetOptions): AttemptBudget {
  const windows = new Map<string, Window>();

  function current(key: string, at: number): Window | undefined {
    const window = windows.get(key);
    if (window && window.endsAt > at) return window;
    windows.delete(key);
    return undefined;
  }

  function take(key: string): Take {
    const at = now().getTime();
    const window = current(key, at);
    if (window) {
      if (window.count >= max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) };
      }
      window.count += 1;
      return { allowed: true };
    }
    for (const [oldest, { endsAt }] of windows) {
      if (endsAt > at && windows.size < capacity) break;
      windows.delete(oldest);
    }
    windows.set(key, { count: 1, endsAt: at + windowMs });
    return { allowed: true };
  }

  return {
    take: async (key) => take(key),
    giveBack: async (key) => {
      const window = current(key, now().getTime());
      if (window && window.count > 0) window.count -= 1;
    },
  };
}

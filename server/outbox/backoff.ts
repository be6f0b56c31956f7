export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before the next attempt after `failedAttempts` failures: exponential
 * (base, 2×base, 4×base… capped at max) with "equal jitter": a random point in
 * the upper half of the step, so a burst of failures does not retry in step.
 */
export function retryDelay(failedAttempts: number, settings: BackoffSettings, random = Math.random): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const step = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.min(exponent, 40));
  return Math.round(step / 2 + random() * (step / 2));
}

import { schedulePolicy } from '../outbox/retry-policy.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits between a delivery's attempts: 10 attempts over about 3 days, then it is dead. */
export const INTEGRATION_RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

/** Each wait moves by up to ±10 %, so deliveries that failed together do not come back together. */
const INTEGRATION_RETRY_JITTER = 0.1;

export const integrationRetryPolicy = schedulePolicy(INTEGRATION_RETRY_DELAYS_MS, INTEGRATION_RETRY_JITTER);

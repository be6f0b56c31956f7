import type { FastifyBaseLogger } from 'fastify';
import type { DueMessage } from './outbox-claim.ts';
import { deadOutcome, retryOutcome, sentOutcome, type Outcome } from './outbox-outcomes.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import type { OutboxTransport } from './outbox-transport.ts';
import type { RetryPolicy } from './retry-policy.ts';

export interface DeliveryOptions {
  outbox: Pick<OutboxRepository, 'describe'>;
  transport: OutboxTransport;
  policy: RetryPolicy;
  log: FastifyBaseLogger;
  /** What the logs call one message of the lane, e.g. "email". */
  noun: string;
  sentLogLevel: 'info' | 'debug';
  now: () => Date;
  random: () => number;
}

/**
 * Sends one message and hands back its outcome, not yet recorded: the worker records the outcomes
 * of its whole pass in one write (one statement for the rows, one commit) instead of one write
 * each. If the process dies first, the message is sent again after its lease, with the same
 * Message-ID.
 */
export function messageDelivery({
  outbox,
  transport,
  policy,
  log,
  noun,
  sentLogLevel,
  now,
  random,
}: DeliveryOptions) {
  return async function deliver(due: DueMessage): Promise<Outcome> {
    const { row } = due;
    const context = { outboxId: row.id, ...outbox.describe(row), kind: row.kind, attempt: row.attempts + 1 };
    const result = await transport.send(due.mail);
    const at = now();
    // An HTTP transport tells the answer's status and the time it took; the hooks record them.
    const attempt = {
      ...(result.status !== undefined ? { status: result.status } : {}),
      ...(result.durationMs !== undefined ? { durationMs: result.durationMs } : {}),
    };
    if (result.ok) {
      log[sentLogLevel]({ ...context, via: transport.kind, detail: result.detail }, `${noun} sent`);
      return sentOutcome(row, at, transport.kind, attempt);
    }
    const attempts = row.attempts + 1;
    if (result.permanent || attempts >= policy.maxAttempts) {
      log.error(
        { ...context, ...attempt, error: result.error, permanent: result.permanent },
        `${noun} dead-lettered: list with "npm run outbox -- dead", retry with "npm run outbox -- retry"`,
      );
      return deadOutcome(row, at, result.error, result.permanent, attempt);
    }
    const delay = policy.delayMs(attempts, random);
    log.warn({ ...context, ...attempt, error: result.error, retryInMs: delay }, `${noun} failed, will retry`);
    return retryOutcome(row, at, new Date(at.getTime() + delay), result.error, attempt);
  };
}

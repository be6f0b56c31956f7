import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/outgoing-mail.ts';
import type { ClaimLane, OutboxRepository } from './outbox-repository.ts';
import { messageDelivery } from './message-delivery.ts';
import type { DueMessage } from './outbox-claim.ts';
import type { Outcome } from './outbox-outcomes.ts';
import type { OutboxRow } from './outbox-table.ts';
import { mailTransport, type OutboxTransport } from './outbox-transport.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { pollLoop } from './poll-loop.ts';
import { backoffPolicy, type RetryPolicy } from './retry-policy.ts';

/** The emails' exponential backoff (OUTBOX_RETRY_*), or a lane's own policy (the integrations' schedule). */
type RetrySettings =
  | { retryBaseMs: number; retryMaxMs: number; maxAttempts: number; retryPolicy?: undefined }
  | { retryPolicy: RetryPolicy };

export type OutboxWorkerOptions = OutboxWorkerBase & RetrySettings;

interface OutboxWorkerBase {
  outbox: OutboxRepository;
  /** How the lane's emails leave; or, for a lane of HTTP requests, `transport` (one of the two). */
  mailer?: Mailer;
  transport?: OutboxTransport;
  log: FastifyBaseLogger;
  pollMs: number;
  /** How long a claimed email is reserved for this process; longer than any SMTP timeout. */
  leaseMs: number;
  /** Emails taken per pass. */
  batchSize?: number;
  /** The lane this worker claims, and its throttle (default: the 'mail' lane, unthrottled). */
  lane?: ClaimLane;
  /**
   * Emails of a batch sent at the same time (default 1: one after the other). Worth more than one
   * with a mailer that keeps a pool of SMTP connections (the campaign lane's).
   */
  concurrency?: number;
  /** How an email sent is logged: each one at info (default), or at debug for a lane of thousands. */
  sentLogLevel?: 'info' | 'debug';
  /** What the logs call one message of the lane (default "email"). */
  noun?: string;
  now?: () => Date;
  random?: () => number;
  /** The job the worker's polls are in the runner (default "outbox"), and the runner. */
  job?: { name: string; jobs?: JobRunner | undefined } | undefined;
}

export interface OutboxWorker {
  start(): void;
  /** Looks for work now instead of at the next poll (after a lead is stored). */
  kick(): void;
  /** One pass over the due emails; resolves with how many were attempted. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the email being sent, if any. */
  stop(): Promise<void>;
}

function senderOf(options: Pick<OutboxWorkerBase, 'mailer' | 'transport'>): OutboxTransport {
  if (options.transport) return options.transport;
  if (options.mailer) return mailTransport(options.mailer);
  throw new Error('An outbox worker needs a mailer or a transport.');
}

/**
 * Sends the claimed messages, `concurrency` at a time, and records each group's outcomes in one write
 * as soon as the group is done (never later: a row whose lease ran out before its outcome was written
 * would be claimed and sent again); once `stopping`, hands the rest back instead.
 */
async function sendAll(
  due: readonly DueMessage[],
  {
    concurrency,
    deliver,
    record,
    stopping,
    handBack,
  }: {
    concurrency: number;
    deliver: (due: DueMessage) => Promise<Outcome>;
    record: (outcomes: readonly Outcome[]) => Promise<void>;
    stopping: () => boolean;
    handBack: (rest: OutboxRow[]) => Promise<void>;
  },
): Promise<unknown[]> {
  const failures: unknown[] = [];
  try {
    for (let index = 0; index < due.length; index += concurrency) {
      if (stopping()) {
        await handBack(due.slice(index).map((left) => left.row));
        break;
      }
      const settled = await Promise.allSettled(due.slice(index, index + concurrency).map(deliver));
      const outcomes: Outcome[] = [];
      for (const result of settled) {
        if (result.status === 'fulfilled') outcomes.push(result.value);
        else failures.push(result.reason);
      }
      // If the write fails, the rows wait for their lease and go again with the same Message-ID.
      await record(outcomes).catch((error: unknown) => void failures.push(error));
    }
  } catch (error) {
    failures.push(error);
  }
  return failures;
}

/**
 * Sends what the outbox holds in one lane, inside the server process. A failure never
 * loses a message: temporary ones are retried (exponential backoff and jitter for emails, or the
 * lane's own policy), permanent ones (5xx) and exhausted attempts become dead letters that stay in
 * the database, are logged, and can be retried from the Outbox page or with `npm run outbox -- retry`.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const deliver = messageDelivery({
    outbox,
    transport: senderOf(options),
    policy:
      options.retryPolicy ??
      backoffPolicy({ baseMs: options.retryBaseMs, maxMs: options.retryMaxMs }, options.maxAttempts),
    log: options.log,
    noun: options.noun ?? 'email',
    sentLogLevel: options.sentLogLevel ?? 'info',
    now,
    random: options.random ?? Math.random,
  });

  /** Claims, sends, and records each group's outcomes as it is done. */
  async function runOnce(): Promise<number> {
    const at = now();
    const leaseUntil = new Date(at.getTime() + options.leaseMs);
    const due = await outbox.claimDue(at, leaseUntil, batchSize, options.lane ?? {});
    const failures = await sendAll(due, {
      concurrency,
      deliver,
      record: (outcomes) => outbox.record(outcomes),
      stopping: () => loop.stopping(),
      // Shutting down: hand the rest back, so the next start sends them at once.
      handBack: (rest) => outbox.release(rest, leaseUntil, now()),
    });
    if (failures.length > 0) throw failures[0];
    return due.length;
  }

  const loop = pollLoop(runOnce, { pollMs: options.pollMs, batchSize, log: options.log, ...options.job });
  return { start: loop.start, kick: loop.kick, runOnce, stop: loop.stop };
}

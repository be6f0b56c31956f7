import type { FastifyBaseLogger } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { Mailer } from '../mail/outgoing-mail.ts';
import type { ClaimLane, DueMessage, OutboxRepository } from './outbox-repository.ts';
import { mailTransport, type OutboxTransport } from './outbox-transport.ts';
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
 * Sends what the outbox holds, inside the server process. A failure never
 * loses the email: temporary ones are retried with exponential backoff and
 * jitter, permanent ones (5xx) and exhausted attempts become dead letters that
 * stay in the database, are logged, and can be retried with the leads command.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, log } = options;
  const transport = senderOf(options);
  const policy =
    options.retryPolicy ??
    backoffPolicy({ baseMs: options.retryBaseMs, maxMs: options.retryMaxMs }, options.maxAttempts);
  const noun = options.noun ?? 'email';
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, options.concurrency ?? 1);

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /**
   * Sends one email and hands back the promise of recording the outcome. The
   * caller goes on to the next email without waiting for that write: the
   * outcomes of a batch share the group commit with new leads instead of
   * taking one fsync each. If the process dies first, the email is sent again
   * after its lease, with the same Message-ID.
   */
  async function deliver(due: DueMessage): Promise<{ recorded: Promise<void> }> {
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
      log[options.sentLogLevel ?? 'info'](
        { ...context, via: transport.kind, detail: result.detail },
        `${noun} sent`,
      );
      return { recorded: outbox.markSent(row, at, transport.kind, attempt) };
    }
    const attempts = row.attempts + 1;
    if (result.permanent || attempts >= policy.maxAttempts) {
      log.error(
        { ...context, ...attempt, error: result.error, permanent: result.permanent },
        `${noun} dead-lettered: list with "npm run outbox -- dead", retry with "npm run outbox -- retry"`,
      );
      return { recorded: outbox.markDead(row, at, result.error, result.permanent, attempt) };
    }
    const delay = policy.delayMs(attempts, random);
    log.warn({ ...context, ...attempt, error: result.error, retryInMs: delay }, `${noun} failed, will retry`);
    return {
      recorded: outbox.markRetry(row, at, new Date(at.getTime() + delay), result.error, attempt),
    };
  }

  async function runOnce(): Promise<number> {
    const at = now();
    const leaseUntil = new Date(at.getTime() + options.leaseMs);
    const due = await outbox.claimDue(at, leaseUntil, batchSize, options.lane ?? {});
    // Each outcome's write is watched at once (a failure must never be an unhandled rejection).
    const failures: unknown[] = [];
    const recorded: Promise<void>[] = [];
    try {
      for (let index = 0; index < due.length; index += concurrency) {
        if (stopped) {
          // Shutting down: hand the rest back, so the next start sends them at once.
          const rest = due.slice(index).map((left) => left.row);
          await outbox.release(rest, leaseUntil, now());
          break;
        }
        const sending = due.slice(index, index + concurrency).map(async (email) => {
          const { recorded: outcome } = await deliver(email);
          recorded.push(outcome.catch((error: unknown) => void failures.push(error)));
        });
        const settled = await Promise.allSettled(sending);
        for (const result of settled) if (result.status === 'rejected') failures.push(result.reason);
      }
    } catch (error) {
      failures.push(error);
    }
    // Every outcome is written (or has failed, and its row waits for its lease) before the pass ends.
    await Promise.all(recorded);
    if (failures.length > 0) throw failures[0];
    return due.length;
  }

  function schedule(delayMs: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A full batch means there may be more: go on at once.
          while ((await runOnce()) === batchSize && !stopped);
        } catch (error) {
          if (isStorageUnavailable(error)) log.warn({ err: error }, 'outbox: database unavailable');
          else log.error({ err: error }, 'outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule(options.pollMs);
    });
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    kick() {
      if (!started || stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      clearTimeout(timer);
    },
  };
}

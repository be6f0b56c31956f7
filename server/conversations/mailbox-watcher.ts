import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { Storage } from '../db/database.ts';
import type { Job } from '../jobs/job.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import type { AnswerFilesOptions } from './answer-files.ts';
import { imapTarget, openMailbox } from './imap-connection.ts';
import { createMailParser, type MailParserOptions } from './mail-parser.ts';
import { createHealthTracker, type HealthTracker, type MailboxHealth } from './mailbox-health.ts';
import { releaseLease, takeLease } from './mailbox-lease.ts';
import { readNewMessages, type ReadOptions, type ReadResult } from './mailbox-reader.ts';
import type { StaffRecipient } from './store-incoming.ts';

export interface MailboxWatcherOptions {
  storage: Pick<Storage, 'db' | 'write' | 'lock'>;
  /** IMAP_URL (a secret: never logged; the logs name the mailbox without its password). */
  imapUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** Who is told of an answer: every staff account until leads have owners. */
  staff: () => Promise<readonly StaffRecipient[]>;
  mailDomain: string;
  /** IMAP_AUTHSERV_ID: the company mail server's name in its Authentication-Results, the only ones trusted. */
  authservId?: string;
  /** Where imap:// may go without TLS (the config's isLoopbackHost); elsewhere STARTTLS is required. */
  isLoopbackHost: (hostname: string) => boolean;
  /** How often the lease is renewed (and a lost connection tried again). */
  tickMs?: number;
  /** How long the lease lasts unrenewed: another instance takes over within it (plus a tick). */
  leaseMs?: number;
  /** The fallback poll, besides IDLE: every minute. */
  pollMs?: number;
  /** How answers' files are checked before they are kept: the quote form's limits and scanner. */
  files?: AnswerFilesOptions;
  /** The limits of reading one message (its thread's time and memory): mail-parser.ts. */
  parser?: MailParserOptions;
  /** Messages larger than this are passed over unfetched: 40 MB (mailbox-reader.ts). */
  maxMessageBytes?: number;
  /** The runner the lease's ticks and the poll are jobs of (a runner of their own without it). */
  jobs?: JobRunner | undefined;
}

export interface MailboxWatcher {
  /** Takes the lease, connects, and keeps at it (jobs of the runner) until stop(). */
  start(): void;
  /** Stops, lets the lease go (unless told it died: a crash keeps it until it runs out), logs out. */
  stop(options?: { release?: boolean }): Promise<void>;
  /** One turn: renews (or takes) the lease; connects and reads when it holds it, lets go when it lost it. */
  tick(): Promise<void>;
  /** Reads what is new now (what IDLE and the poll call); resolves once it is stored. */
  readNow(): Promise<ReadResult | undefined>;
  /** Whether this instance holds the lease and is connected. */
  readonly watching: boolean;
  /** How the mailbox is being watched (mailbox-health.ts): what /readyz and the inbox show. */
  health(): Promise<MailboxHealth>;
  /** Called after each read (tests and the benchmark wait on it). */
  onRead?: (result: ReadResult) => void;
}

/** One read: what it did logged, and the health told whether it went through. */
async function readAndReport(
  client: ImapFlow,
  options: ReadOptions,
  { tracker, log }: { tracker: HealthTracker; log: MailboxWatcherOptions['log'] },
): Promise<ReadResult> {
  const result = await readNewMessages(client, options).catch(tracker.rethrow);
  tracker.readOk();
  if (result.uidValidityChanged)
    log.warn({ mailbox: options.mailbox }, 'the mailbox UIDVALIDITY changed: read again');
  if (result.read > 0) log.info({ mailbox: options.mailbox, ...result }, 'mailbox read');
  return result;
}

/** Logs a failure to read or connect, naming the mailbox (never its password). */
function failureLogger(log: MailboxWatcherOptions['log'], mailbox: string) {
  return (error: unknown) =>
    log.warn(
      { mailbox, error: error instanceof Error ? error.message : String(error) },
      'reading the mailbox failed',
    );
}

/** The watcher's jobs: the lease's tick, and the poll in case IDLE is not there or was dropped. */
function watcherJobs(
  runner: JobRunner,
  options: { tickMs: number; pollMs: number; tick: () => Promise<unknown>; read: () => Promise<unknown> },
  failed: (error: unknown) => void,
): Job<unknown>[] {
  // One instance: only the lease's holder connects, so only it reads.
  const where = { instances: 'one', lease: 'the mailbox lease' } as const;
  return [
    runner.add({ name: 'mailbox-watcher', everyMs: options.tickMs, where, run: options.tick, failed }),
    runner.add({
      name: 'mailbox-poll',
      everyMs: options.pollMs,
      firstMs: options.pollMs,
      where,
      run: options.read,
      failed,
    }),
  ];
}

/**
 * The watcher of the company mailbox (IMAP_URL): one instance at a time, under a lease in the database;
 * the mailbox opened read-only (EXAMINE), messages fetched with BODY.PEEK, nothing ever flagged, moved
 * or deleted. New mail is read when IDLE reports it, and by a poll every minute in case IDLE is not
 * there or was dropped; a dropped connection is made again on the next tick.
 */
export function createMailboxWatcher(options: MailboxWatcherOptions): MailboxWatcher {
  const target = imapTarget(options.imapUrl, options.isLoopbackHost);
  const now = options.now ?? (() => new Date());
  const holder = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const { tickMs = 10_000, leaseMs = 30_000, pollMs = 60_000, log } = options;
  const lease = { mailbox: target.mailbox, holder, leaseMs };
  const parser = createMailParser(options.parser);
  const tracker = createHealthTracker(target.mailbox, now);
  const reading = serialReads(() => (client ? read(client) : Promise.resolve(undefined)));
  let client: ImapFlow | undefined;
  const runner = options.jobs ?? createJobRunner({ log });
  let jobs: Job<unknown>[] = [];
  let stopped = false;

  async function read(current: ImapFlow) {
    const readOptions = { ...options, mailbox: target.mailbox, holder, now, parser };
    const result = await readAndReport(current, readOptions, { tracker, log });
    watcher.onRead?.(result);
    return result;
  }

  async function connect() {
    client = await openMailbox(target, {
      error: (error) => log.warn({ mailbox: target.mailbox, error: error.message }, 'IMAP error'),
      close: (closed) => {
        if (client === closed) client = undefined;
        if (stopped) return;
        tracker.failed(new Error('the connection to the mailbox closed'));
        log.warn({ mailbox: target.mailbox }, 'the IMAP connection closed: reconnecting');
      },
      exists: () => void reading().catch(logFailure),
    });
    log.info({ mailbox: target.mailbox }, 'watching the mailbox');
    await reading();
  }

  async function disconnect() {
    const current = client;
    client = undefined;
    if (current) await current.logout().catch(() => current.close());
  }

  const logFailure = failureLogger(log, target.mailbox);

  const watcher: MailboxWatcher = {
    get watching() {
      return client !== undefined;
    },
    health: () => tracker.health(options.storage.db, { connected: client !== undefined, stopped }),
    async tick() {
      if (stopped) return;
      const held = await takeLease(options.storage, { ...lease, now: now() }).catch(tracker.rethrow);
      tracker.leaseHeld(held);
      if (!held) return disconnect();
      if (!client)
        await connect().catch(async (error: unknown) => {
          tracker.failed(error);
          logFailure(error);
          await disconnect();
        });
    },
    readNow: () => reading(),
    start() {
      stopped = false;
      jobs = watcherJobs(runner, { tickMs, pollMs, tick: watcher.tick, read: reading }, logFailure);
      parser.warm();
      for (const job of jobs) job.start();
    },
    async stop({ release = true } = {}) {
      stopped = true;
      // Not waited for, as a timer was not: a tick under way may be connecting, and is let go below.
      for (const job of jobs.splice(0)) void job.stop();
      await reading.idle();
      await disconnect();
      await parser.close();
      if (release) await releaseLease(options.storage, lease).catch(logFailure);
    },
  };
  return watcher;
}

/** Runs reads one at a time; a read asked for during one runs once after it (never two at once). */
function serialReads<T>(run: () => Promise<T>) {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    current = run().finally(() => {
      current = undefined;
    });
    return current;
  };
  const request = (): Promise<T> => {
    if (!current) return start();
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
  request.idle = async () => {
    await next?.catch(() => undefined);
    await current?.catch(() => undefined);
  };
  return request;
}

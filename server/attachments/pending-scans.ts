import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/database.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { ScanVerdict, VirusScanner } from '../security/virus-scanner.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { databaseContent } from './attachment-content.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';

/**
 * Files kept "not scanned yet" (scan = 'pending': clamd was down or slow when their lead came in) are
 * scanned again while CLAMD_URL is set: at start, then every minute. So are the files kept "not
 * scanned" (scan = 'not-scanned': no scanner was set up when they came), once one is: they stay
 * downloadable as they were until clamd answers, then are clean or infected like the others. Each file is claimed first
 * (scan_claimed_until), so that of several instances on one database only one scans it; a claim
 * outlives the scanner's deadline, and one whose instance died runs out and the file is taken again.
 * A verdict is written in one write: clean (scanned_at), or infected (the signature, and its content
 * removed in the same transaction: staff can never download it). While clamd is unavailable the file
 * stays pending, and the pass ends: the next one tries again.
 */
export interface PendingScans {
  start(): void;
  /** Scans the pending files now, one at a time; resolves to how many got a verdict. */
  runOnce(): Promise<number>;
  /** Stops the passes and waits for the one under way, if any. */
  stop(): Promise<void>;
}

export interface PendingScansOptions {
  storage: Pick<Storage, 'db' | 'write' | 'claimable'>;
  scanner: VirusScanner;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Between passes (default a minute). */
  intervalMs?: number;
  /** How long a claimed file is held by this instance (default 2 minutes: longer than a scan's deadline). */
  claimMs?: number;
  /** The runner the passes are a job of (a runner of their own without it). */
  jobs?: JobRunner | undefined;
}

const PENDING_SCAN_INTERVAL_MS = 60_000;

/** The states a pass scans: waiting for clamd, or kept before there was one. */
const TO_SCAN = ['pending', 'not-scanned'] as const;
export const PENDING_SCAN_CLAIM_MS = 120_000;

interface Claimed {
  id: number;
  leadId: number;
}

/** Claims the oldest pending file no instance holds, in one write; undefined when there is none. */
async function claimNext(
  storage: PendingScansOptions['storage'],
  at: Date,
  claimMs: number,
): Promise<Claimed | undefined> {
  const now = at.toISOString();
  return storage.write.run(async (trx) => {
    const unclaimedPending = tablesOf<AttachmentTables>(trx)
      .selectFrom('lead_attachments')
      .select(['id', 'quote_request_id'])
      .where('scan', 'in', TO_SCAN)
      .where((eb) => eb.or([eb('scan_claimed_until', 'is', null), eb('scan_claimed_until', '<=', now)]))
      .orderBy('id')
      .limit(1);
    const row = await storage.claimable(unclaimedPending).executeTakeFirst();
    if (!row) return undefined;
    // Claimed only if still to scan and free (SQLite: writes one at a time; PostgreSQL: the row is locked).
    const claimed = await tablesOf<AttachmentTables>(trx)
      .updateTable('lead_attachments')
      .set({ scan_claimed_until: new Date(at.getTime() + claimMs).toISOString() })
      .where('id', '=', row.id)
      .where('scan', 'in', TO_SCAN)
      .where((eb) => eb.or([eb('scan_claimed_until', 'is', null), eb('scan_claimed_until', '<=', now)]))
      .returning('id')
      .executeTakeFirst();
    return claimed ? { id: row.id, leadId: row.quote_request_id } : undefined;
  });
}

/** Writes a verdict in one write: the file's state, and for an infected file its content gone. */
async function record(
  storage: PendingScansOptions['storage'],
  file: Claimed,
  verdict: ScanVerdict,
  at: Date,
): Promise<void> {
  const content = databaseContent(storage.db);
  await storage.write.run(async (trx) => {
    const change =
      verdict.outcome === 'clean'
        ? { scan: 'clean' as const, scanned_at: at.toISOString(), scan_claimed_until: null }
        : verdict.outcome === 'infected'
          ? {
              scan: 'infected' as const,
              scan_result: verdict.signature,
              scanned_at: at.toISOString(),
              scan_claimed_until: null,
            }
          : { scan_claimed_until: null }; // unavailable: as it was, free for the next pass
    const changed = await tablesOf<AttachmentTables>(trx)
      .updateTable('lead_attachments')
      .set(change)
      .where('id', '=', file.id)
      .where('scan', 'in', TO_SCAN)
      .returning('id')
      .executeTakeFirst();
    if (changed && verdict.outcome === 'infected') await content.remove(trx, [file.id]);
  });
}

/** Whether stop() was called, and a verdict that resolves when it is (the scan under way is given up). */
interface Stop {
  requested(): boolean;
  given: Promise<ScanVerdict>;
}

/** One pass: scans pending files one by one until none is left or clamd is unavailable. */
async function scanPending(options: PendingScansOptions, stop: Stop): Promise<number> {
  const { storage, scanner, log } = options;
  const now = options.now ?? (() => new Date());
  const content = databaseContent(storage.db);
  let scanned = 0;
  while (!stop.requested()) {
    const file = await claimNext(storage, now(), options.claimMs ?? PENDING_SCAN_CLAIM_MS);
    if (!file) break;
    // A server stopping does not wait for a slow clamd: the file is given back, pending, at once.
    const verdict = await Promise.race([scanner.scan(content.read(file.id)), stop.given]);
    await record(storage, file, verdict, now());
    if (verdict.outcome === 'unavailable') {
      if (stop.requested()) break;
      log.warn(
        { reason: verdict.reason },
        'clamd unavailable: files not scanned yet stay so until the next pass',
      );
      break;
    }
    scanned++;
    // Ids only: a file's name may say who sent it.
    if (verdict.outcome === 'infected') {
      log.warn(
        { leadId: file.leadId, attachmentId: file.id, signature: verdict.signature },
        'attachment infected: its content was removed',
      );
    }
  }
  return scanned;
}

/** The worker that scans pending files (see PendingScans); started only while CLAMD_URL is set. */
export function createPendingScans(options: PendingScansOptions): PendingScans {
  let giveUp = () => {};
  const stop: Stop = {
    requested: () => job.stopping(),
    given: new Promise((resolve) => {
      giveUp = () => resolve({ outcome: 'unavailable', reason: 'the server is stopping' });
    }),
  };
  const jobs = options.jobs ?? createJobRunner({ log: options.log });
  const job = jobs.add({
    name: 'pending-scans',
    everyMs: options.intervalMs ?? PENDING_SCAN_INTERVAL_MS,
    // Each instance: every file is claimed before its scan, so two instances never scan one file.
    where: { instances: 'each' },
    run: () => scanPending(options, stop),
    failed: (error) => {
      if (isStorageUnavailable(error))
        options.log.warn({ err: error }, 'pending scans: database unavailable');
      else options.log.error({ err: error }, 'pending scans: the pass failed');
    },
  });
  return {
    start: () => job.start(),
    // A pass asked for during one under way is that pass.
    runOnce: async () => (await job.runNow({ join: true })) ?? 0,
    async stop() {
      const stopping = job.stop();
      giveUp();
      await stopping;
    },
  };
}

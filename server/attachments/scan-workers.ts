import type { FastifyInstance } from 'fastify';
import { createPendingScans, type PendingScans } from './pending-scans.ts';
import type { Config } from '../config/config.ts';
import type { Storage } from '../db/database.ts';
import { checkLimitsWhenReady } from '../security/clamd-limits.ts';
import { createClamdScanner, type ClamdScanner } from '../security/clamd-scanner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scans the files kept "not scanned yet" when clamd answers again; undefined without CLAMD_URL. */
    pendingScans: PendingScans | undefined;
    /** CLAMD_URL's clamd as the pending scans use it (its ping, its limitsFlagged); undefined without it. */
    clamdScanner: ClamdScanner | undefined;
  }
}

/**
 * With CLAMD_URL, the worker that scans the files kept "not scanned yet" when clamd answers again: at
 * start (with the outbox's workers) and every minute. Stopped with the app (releaseOnClose). At start
 * too, the check of clamd's limits (clamd-limits.ts).
 */
export function addPendingScans(
  app: FastifyInstance,
  { config, storage, now, start }: { config: Config; storage: Storage; now: () => Date; start: boolean },
) {
  const { clamdUrl } = config.attachments;
  const scanner = clamdUrl ? createClamdScanner(clamdUrl) : undefined;
  const pendingScans = scanner
    ? createPendingScans({
        storage,
        scanner,
        log: app.log.child({ component: 'pending-scans' }),
        now,
        jobs: app.jobs,
      })
    : undefined;
  app.decorate('clamdScanner', scanner);
  app.decorate('pendingScans', pendingScans);
  if (pendingScans && start) app.addHook('onReady', async () => pendingScans.start());
  // Whether clamd flags what it cannot read whole (AlertExceedsMax): a warning at start if not.
  if (scanner && start) checkLimitsWhenReady(app, scanner, app.jobs);
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { storedZip } from './stored-zip.ts';
import type { VirusScanner } from './virus-scanner.ts';

/**
 * Whether clamd refuses what it cannot read whole. Past one of its limits (MaxFileSize, MaxScanSize,
 * MaxFiles, MaxRecursion) clamd stops reading a file and, unless `AlertExceedsMax yes` is set in
 * clamd.conf, answers "OK": a virus past the limit passes as clean. The check sends a harmless
 * file over one limit and reads the answer. A clamd without the setting is warned about, not
 * refused: the server starts and takes quotes (the files' own checks, attachment-type.ts, still
 * refuse the archives no real document is).
 */

/** How deep the probe's zips nest: past MaxRecursion (17 by default, 16 in Debian's clamd.conf), with room. */
const PROBE_DEPTH = 64;

/** One line of text in zips nested PROBE_DEPTH deep: about 7 KB, harmless, and over clamd's limits. */
function overLimitsProbe(): Buffer {
  let archive = storedZip([{ name: 'probe.txt', data: Buffer.from('A harmless file in nested zips.\n') }]);
  for (let depth = 1; depth < PROBE_DEPTH; depth++) {
    archive = storedZip([{ name: `level-${depth}.zip`, data: archive }]);
  }
  return archive;
}

async function* once(content: Buffer) {
  yield content;
}

/** Whether the scanner flags the probe: true, false, or undefined when it gave no verdict. */
export async function flagsFilesOverLimits(scanner: VirusScanner): Promise<boolean | undefined> {
  const verdict = await scanner.scan(once(overLimitsProbe()));
  if (verdict.outcome === 'unavailable') return undefined;
  return verdict.outcome === 'infected';
}

/** What the log says when clamd passes files over its limits. */
export const LIMITS_NOT_FLAGGED =
  'clamd passes files it cannot read whole (over MaxFileSize, MaxScanSize, MaxFiles or MaxRecursion) as clean: set "AlertExceedsMax yes" in clamd.conf (see "ClamAV settings" in docs/deploy.md)';

/** The scanner whose limits are checked: it remembers the answer (ClamdScanner). */
interface LimitsChecking {
  checkLimits(): Promise<boolean | undefined>;
}

/**
 * Checks clamd's limits once it answers, as a job of the runner (`jobs`, or one of its own): at once,
 * then every `retryMs` while it gives no verdict (down at start); logs the answer once. Returns the
 * function that stops it.
 */
export function checkLimitsOnceAnswered(
  scanner: LimitsChecking,
  log: FastifyBaseLogger,
  retryMs = 60_000,
  jobs: JobRunner = createJobRunner({ log }),
): () => void {
  const job = jobs.add({
    name: 'clamd-limits',
    everyMs: retryMs,
    where: { instances: 'each' },
    run: async ({ stopping, finish }) => {
      const flagged = await scanner.checkLimits();
      if (stopping() || flagged === undefined) return;
      finish();
      if (flagged) log.info('clamd reports files over its limits (AlertExceedsMax yes)');
      else log.warn(LIMITS_NOT_FLAGGED);
    },
  });
  job.start();
  return () => void job.stop();
}

/** In the server: the check starts once it is ready, and stops when it closes. */
export function checkLimitsWhenReady(app: FastifyInstance, scanner: LimitsChecking, jobs?: JobRunner): void {
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = checkLimitsOnceAnswered(scanner, app.log.child({ component: 'clamd' }), undefined, jobs);
  });
  app.addHook('onClose', async () => stop());
}

import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BackupOutcome } from './backup-thread.ts';
import type { BackupOptions, BackupReport } from './backups.ts';

/** The thread's file beside this one: .js in the build, .ts when run from source (tsx, tests). */
const threadFile = new URL(`./backup-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * The thread's entry: the built file itself, or from source a module that first
 * registers tsx's loader in the thread (a thread does not inherit it).
 */
function threadEntry(): URL {
  if (!threadFile.pathname.endsWith('.ts')) return threadFile;
  const loader = import.meta.resolve('tsx/esm/api');
  const module = `import { register } from ${JSON.stringify(loader)};
register();
await import(${JSON.stringify(threadFile.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(module)}`);
}

/**
 * takeBackup on a thread of its own, for the running server: VACUUM INTO, the
 * integrity check and the row counts take seconds on a large database (about 4 s
 * for 100,000 leads, bench:admin), and on the server's own thread they would
 * stop every request meanwhile (and @fastify/under-pressure would then answer
 * 503 for a moment). The thread has its own read-only connection; WAL mode
 * lets the server write on.
 */
export function takeBackupInBackground(options: BackupOptions): Promise<BackupReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadEntry(), { workerData: options });
    worker.once('message', (outcome: BackupOutcome) => {
      if ('report' in outcome) resolve(outcome.report);
      else reject(new Error(outcome.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The backup thread stopped with code ${code}`));
    });
  });
}

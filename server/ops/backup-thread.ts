import { parentPort, workerData } from 'node:worker_threads';
import { takeBackup, type BackupOptions, type BackupReport } from './backups.ts';

/** What the thread posts back: the report, or why the backup failed. */
export type BackupOutcome = { report: BackupReport } | { error: string };

/** The backup thread's body: one backup (takeBackup, synchronous), its outcome posted to the server. */
function run(options: BackupOptions): BackupOutcome {
  try {
    return { report: takeBackup(options) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.postMessage(run(workerData as BackupOptions));

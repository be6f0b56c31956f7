import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE } from '../db/private-files.ts';

/** The file a running server keeps beside its database: its process id. */
const lockFile = (databasePath: string) => `${databasePath}.server`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server holding this database, if one is running (a file left by a crash does not count). */
export function serverHolding(databasePath: string): { pid: number } | undefined {
  if (!existsSync(lockFile(databasePath))) return undefined;
  const pid = Number(readFileSync(lockFile(databasePath), 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? { pid } : undefined;
}

/** Marks the database as held by this process until the returned function is called. */
export function holdDatabase(databasePath: string): () => void {
  writeFileSync(lockFile(databasePath), `${process.pid}\n`, { mode: PRIVATE_FILE });
  return () => {
    if (
      existsSync(lockFile(databasePath)) &&
      readFileSync(lockFile(databasePath), 'utf8').trim() === String(process.pid)
    ) {
      rmSync(lockFile(databasePath), { force: true });
    }
  };
}

import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * Where uploads wait while a post is checked: a folder of this server's own (mode 0700) in a folder
 * of this user's under os.tmpdir() (TMPDIR), named by the process, so the folders a killed server
 * left behind (kill -9, a crash) are found and removed when the next one starts.
 */
export interface UploadFolder {
  path: string;
  /** A new file's path in the folder (not created). */
  newFilePath: () => string;
  /** Removes the folder and everything in it (the server closes). */
  remove: () => Promise<void>;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders of servers that are no longer running (their pid is the name's first part). */
function sweep(parent: string) {
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    const pid = Number(/^(\d+)-/.exec(entry.name)?.[1]);
    if (!entry.isDirectory() || !Number.isInteger(pid) || isRunning(pid)) continue;
    rmSync(join(parent, entry.name), { recursive: true, force: true });
  }
}

/** `name`: what the uploads are for, e.g. "quote-uploads"; `root`: os.tmpdir() unless given. */
export function createUploadFolder(name: string, root = tmpdir()): UploadFolder {
  const parent = join(root, `${name}-${userInfo().uid}`);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  chmodSync(parent, 0o700);
  sweep(parent);
  const path = join(parent, `${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(path, { mode: 0o700 });
  return {
    path,
    newFilePath: () => join(path, randomBytes(12).toString('hex')),
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

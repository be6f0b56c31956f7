/**
 * Vitest globalSetup of the `node` project: one SQLite file with every migration run and no row
 * written, whose path the tests get (inject('sqliteMigratedTemplate')): a test app's database starts as
 * a copy of it (test-app.ts), as on PostgreSQL (postgres-global-setup.ts). Its server would otherwise
 * run every migration again at its start: about a tenth of a second each time, a thousand times a run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compileServerForTheRun } from './compiled-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file a test app's database is copied from; empty in the postgres project. */
    sqliteMigratedTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-template-'));
  const path = join(dir, 'migrated.db');
  const [{ openStorage }, { migrations }] = await Promise.all([
    import('../db/database.ts'),
    import('../stores.ts'),
  ]);
  // Closing the only connection checkpoints the WAL: the file alone holds the whole database.
  const storage = await openStorage({ path, busyTimeoutMs: 0, migrations });
  await storage.close();
  project.provide('sqliteMigratedTemplate', path);
  const removeCompiled = compileServerForTheRun();
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeCompiled?.();
  };
}

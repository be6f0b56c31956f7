/**
 * Vitest globalSetup of the `postgres` project: one throw-away PostgreSQL
 * cluster for the whole run, its URL provided to the tests
 * (inject('postgresUrl'), see database-kind.ts), destroyed at the end.
 */
import type { TestProject } from 'vitest/node';
import { compileServerForTheRun } from './compiled-server.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared cluster's `postgres` database; empty outside the postgres project. */
    postgresUrl: string;
    /** A database of the cluster with every migration run and no row written: a test app's copy. */
    postgresMigratedTemplate: string;
  }
}

/** The name of the migrated database a test app's database is copied from (database-kind.ts). */
const MIGRATED_TEMPLATE = 'migrated_template';

/**
 * Runs every migration once into a database that CREATE DATABASE then copies for each test app: each
 * would otherwise run them all again (a third of a second each, hundreds of times a run). Migrations
 * only: what the server writes at its first start (the auto-reply from ACK_EMAIL) stays each test's own.
 */
async function migratedTemplate(cluster: Awaited<ReturnType<typeof startPostgresCluster>>) {
  const url = await cluster.createDatabase(MIGRATED_TEMPLATE);
  const [{ openStorage }, { migrations }] = await Promise.all([
    import('../db/database.ts'),
    import('../stores.ts'),
  ]);
  const storage = await openStorage({ path: '', busyTimeoutMs: 0, url, migrations });
  await storage.close();
  return MIGRATED_TEMPLATE;
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  let removeCompiled: (() => void) | undefined;
  try {
    project.provide('postgresUrl', cluster.url());
    project.provide('postgresMigratedTemplate', await migratedTemplate(cluster));
    removeCompiled = compileServerForTheRun();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return async () => {
    removeCompiled?.();
    await cluster.destroy();
  };
}

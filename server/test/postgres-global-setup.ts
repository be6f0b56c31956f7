/**
 * Vitest globalSetup of the `postgres` project: one throw-away PostgreSQL
 * cluster for the whole run, its URL provided to the tests
 * (inject('postgresUrl'), see database-kind.ts), destroyed at the end.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared cluster's `postgres` database; empty outside the postgres project. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url());
  return () => cluster.destroy();
}

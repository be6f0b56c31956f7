import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import type { VisitCounter } from './visit-counter.ts';
import { visitMigrations, visitPostgresMigrations } from './visit-migrations.ts';
import { visitRoutes } from './visit-routes.ts';

/** The visits' flushes and beacon, when they are counted (their counting hooks into the static site). */
async function visitPublicRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    visitCounter: VisitCounter | undefined;
    pagePaths: ReadonlySet<string>;
    jobs: JobRunner;
  },
) {
  const { config, visitCounter: counter, pagePaths, jobs } = options;
  if (!counter) return;
  await app.register(visitRoutes, {
    counter,
    flushMs: config.visits.flushMs,
    beacon: config.visits.beacon,
    siteOrigin: new URL(config.siteUrl).origin,
    pagePaths,
    jobs,
  });
}

/** Visits counted without cookies: daily totals by page and source, the dashboard's visit figures. */
export const visitsFeature = {
  name: 'visits',
  needs: [],
  migrations: [{ sqlite: visitMigrations, postgres: visitPostgresMigrations }],
  publicRoutes: [visitPublicRoutes],
} as const satisfies FeatureDefinition;

import { jobsCommand } from '../jobs/job-list.ts';
import { jobMigrations, jobPostgresMigrations } from '../jobs/job-migrations.ts';
import { outboxCommand } from '../outbox/outbox-commands.ts';
import { outboxMigrations } from '../outbox/outbox-migrations.ts';
import { outboxPostgresMigrations } from '../outbox/outbox-postgres-migrations.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { backupCommand, restoreCommand } from './backup-commands.ts';
import { dbCopyCommand } from './db-copy-command.ts';
import {
  backupReadiness,
  databaseReadiness,
  mailReadiness,
  outboxReadiness,
  redisReadiness,
} from './core-readiness.ts';

/**
 * What the core has, said as a feature says it (plugins/feature-definition.ts), so that start-up, the
 * command line and the tests compose it with the features from one list (server/features.ts): the
 * outbox's and the job runner's tables, their commands and the backups' (npm run outbox, jobs, backup,
 * restore, db:copy), and its parts of /readyz (in the order the report shows them).
 */
export const coreDefinition = {
  name: 'core',
  needs: [],
  migrations: [
    { sqlite: outboxMigrations, postgres: outboxPostgresMigrations },
    { sqlite: jobMigrations, postgres: jobPostgresMigrations },
  ],
  commands: [outboxCommand, jobsCommand, backupCommand, restoreCommand, dbCopyCommand],
  readiness: [databaseReadiness, outboxReadiness, mailReadiness, backupReadiness, redisReadiness],
} as const satisfies FeatureDefinition;

import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../accounts/activity-log.ts';
import { REQUEST_SCAN_DEADLINE_MS } from '../attachments/lead-files-intake.ts';
import type { Config } from '../config/config.ts';
import type { Storage } from '../db/database.ts';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { createClamdScanner } from '../security/clamd-scanner.ts';
import type { Redis } from '../security/redis-client.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { autoReplyMigrations, autoReplyPostgresMigrations } from './auto-reply-migrations.ts';
import { autoReplyRoutes } from './auto-reply-routes.ts';
import { dashboardMigrations, dashboardPostgresMigrations } from './dashboard-migrations.ts';
import { firstContactMigrations, firstContactPostgresMigrations } from './first-contact-migrations.ts';
import { followUpMigrations } from './follow-up-migrations.ts';
import { leadCountMigrations, leadCountPostgresMigrations } from './lead-count-migrations.ts';
import { DERIVED_TABLES } from './lead-count-tables.ts';
import { leadOwnerMigrations } from './lead-owner-migrations.ts';
import type { LeadIntake } from './lead-intake.ts';
import { leadRoutes, leadWorkRoutes } from './lead-routes.ts';
import { leadsCommand } from './leads-command.ts';
import { quoteEmailKinds } from './quote-email-kinds.ts';
import { quoteMigrations } from './quote-migrations.ts';
import { quotePostgresMigrations } from './quote-postgres-migrations.ts';
import { quoteRoutes } from './quote-routes.ts';
import { staffLeadEmailKinds } from './staff-lead-email-kinds.ts';
import { createVirusRefusals } from './virus-refusals.ts';

/** The scanner of the quote form's files: the one given, or clamd at CLAMD_URL, or none. */
function intakeScanner(config: Config, given: VirusScanner | undefined): VirusScanner | undefined {
  const { clamdUrl } = config.attachments;
  if (given || !clamdUrl) return given;
  // One deadline for all of a request's files (checkLeadFiles): no exchange can outlast it.
  return createClamdScanner(clamdUrl, { timeoutMs: REQUEST_SCAN_DEADLINE_MS });
}

/** The quote form's endpoint (and its no-JavaScript page). */
async function quotePublicRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    storage: Storage;
    leads: LeadIntake;
    redis: Redis | undefined;
    stylesheet: SiteStylesheet | undefined;
    kick: () => void;
    scanner: VirusScanner | undefined;
    uploadRoot: string | undefined;
  },
) {
  const { config } = options;
  await app.register(quoteRoutes, {
    leads: options.leads,
    siteUrl: config.siteUrl,
    path: config.quotePath,
    rateLimit: config.rateLimit,
    redis: options.redis,
    stylesheet: options.stylesheet,
    onStored: options.kick,
    limits: config.attachments.limits,
    scanner: intakeScanner(config, options.scanner),
    uploadRoot: options.uploadRoot,
    virusRefusals: createVirusRefusals(options.storage, recordActivity),
  });
}

/** Quote requests and the leads they make: intake, the inbox's list and lead pages, statuses, search. */
export const leadsFeature = {
  name: 'leads',
  needs: ['accounts', 'attachments'],
  migrations: [
    { sqlite: quoteMigrations, postgres: quotePostgresMigrations },
    { sqlite: autoReplyMigrations, postgres: autoReplyPostgresMigrations },
    { sqlite: dashboardMigrations, postgres: dashboardPostgresMigrations },
    { sqlite: firstContactMigrations, postgres: firstContactPostgresMigrations },
    { sqlite: leadCountMigrations, postgres: leadCountPostgresMigrations },
    { sqlite: leadOwnerMigrations, postgres: leadOwnerMigrations },
    { sqlite: followUpMigrations, postgres: followUpMigrations },
  ],
  derivedTables: DERIVED_TABLES,
  messageKinds: (config: Config) => [
    ...quoteEmailKinds({ from: config.mail.from, to: config.mail.to, siteUrl: config.siteUrl }),
    ...staffLeadEmailKinds({
      from: config.mail.from,
      siteUrl: config.siteUrl,
      firstResponseMs: config.admin.team.firstResponseMs,
    }),
  ],
  publicRoutes: [quotePublicRoutes],
  inboxRoutes: [leadRoutes, leadWorkRoutes, autoReplyRoutes],
  commands: [leadsCommand],
} as const satisfies FeatureDefinition;

import { recordActivity } from '../accounts/activity-log.ts';
import type { Config } from '../config/config.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { integrationOutboxKind } from './integration-kind.ts';
import { integrationLeadHooks } from './integration-queue.ts';
import { integrationMigrations, integrationPostgresMigrations } from './integration-migrations.ts';
import { integrationDeliveryRoutes, integrationRoutes } from './integration-routes.ts';

/** Webhooks, Slack and Teams: told of the leads' events through the outbox's HTTP lane. */
export const integrationsFeature = {
  name: 'integrations',
  needs: ['accounts', 'attachments', 'leads'],
  migrations: [{ sqlite: integrationMigrations, postgres: integrationPostgresMigrations }],
  messageKinds: (config: Config) => [integrationOutboxKind({ siteUrl: config.siteUrl, recordActivity })],
  inboxRoutes: [integrationRoutes, integrationDeliveryRoutes],
  leadHooks: [() => integrationLeadHooks],
} as const satisfies FeatureDefinition;

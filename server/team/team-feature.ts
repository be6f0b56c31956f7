import type { Config } from '../config/config.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { assignmentMigrations } from './assignment-migrations.ts';
import { digestEmailKind } from './digest-email-kind.ts';
import { followUpRoutes } from './follow-up-routes.ts';
import { assignmentHooks } from './lead-assignment.ts';
import { newLeadEmailHooks } from './new-lead-emails.ts';
import { ownerRoutes } from './owner-routes.ts';
import { teamRoutes } from './team-routes.ts';
import { addTeamWorkers } from './team-workers.ts';

/** How the staff share the leads: roles, owners and round-robin assignment, follow-ups, digests. */
export const teamFeature = {
  name: 'team',
  needs: ['accounts', 'conversations', 'leads'],
  migrations: [{ sqlite: assignmentMigrations, postgres: assignmentMigrations }],
  messageKinds: (config: Config) => [digestEmailKind({ from: config.mail.from, siteUrl: config.siteUrl })],
  inboxRoutes: [followUpRoutes, teamRoutes, ownerRoutes],
  workers: [addTeamWorkers],
  // Round-robin assignment first, then the emails to whoever is on every lead (who may be its owner now).
  leadHooks: [assignmentHooks, newLeadEmailHooks],
} as const satisfies FeatureDefinition;

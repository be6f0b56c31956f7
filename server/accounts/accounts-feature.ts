import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { activityRoutes } from './activity-routes.ts';
import { adminMigrations } from './admin-migrations.ts';
import { adminPostgresMigrations } from './admin-postgres-migrations.ts';
import { authRoutes } from './auth-routes.ts';
import { teamAccountMigrations } from './team-account-migrations.ts';

/** Staff accounts, sign-in with passkeys, sessions, invitations, the activity log, the inbox's guard. */
export const accountsFeature = {
  name: 'accounts',
  needs: [],
  migrations: [
    { sqlite: adminMigrations, postgres: adminPostgresMigrations },
    { sqlite: teamAccountMigrations, postgres: teamAccountMigrations },
  ],
  inboxRoutes: [authRoutes, activityRoutes],
} as const satisfies FeatureDefinition;

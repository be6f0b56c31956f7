import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { adminCommand } from './admin-commands.ts';
import { helperRoutes } from './helper-routes.ts';
import { outboxRoutes } from './outbox-routes.ts';

/** The inbox's own endpoints: the outbox's emails (retry, the dead ones), the helper services' state; npm run admin. */
export const adminFeature = {
  name: 'admin',
  needs: [
    'accounts',
    'attachments',
    'conversations',
    'dashboard',
    'integrations',
    'leads',
    'newsletter',
    'team',
    'visits',
  ],
  migrations: [],
  inboxRoutes: [outboxRoutes, helperRoutes],
  commands: [adminCommand],
} as const satisfies FeatureDefinition;

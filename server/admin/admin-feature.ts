import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { helperRoutes } from './helper-routes.ts';
import { outboxRoutes } from './outbox-routes.ts';

/** The inbox's own endpoints: the outbox's emails (retry, the dead ones), the helper services' state. */
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
} as const satisfies FeatureDefinition;

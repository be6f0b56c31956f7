import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { dashboardRoutes } from './dashboard-routes.ts';

/** The dashboard's figures: the leads' and the visits', through what those features export. */
export const dashboardFeature = {
  name: 'dashboard',
  needs: ['accounts', 'leads', 'visits'],
  migrations: [],
  inboxRoutes: [dashboardRoutes],
} as const satisfies FeatureDefinition;

import { accountsFeature } from './accounts/accounts-feature.ts';
import { adminFeature } from './admin/admin-feature.ts';
import { attachmentsFeature } from './attachments/attachments-feature.ts';
import { conversationsFeature } from './conversations/conversations-feature.ts';
import { dashboardFeature } from './dashboard/dashboard-feature.ts';
import { integrationsFeature } from './integrations/integrations-feature.ts';
import { leadsFeature } from './leads/leads-feature.ts';
import { newsletterFeature } from './newsletter/newsletter-feature.ts';
import {
  checkFeatures,
  type FeatureRoutes,
  type FeatureWorkers,
  type RoutesOf,
  type RoutesOptions,
} from './plugins/feature-definition.ts';
import { teamFeature } from './team/team-feature.ts';
import { visitsFeature } from './visits/visits-feature.ts';

/**
 * The server's features, each after the features it needs: start-up (app.ts, stores.ts), the command
 * line and the tests compose this list. Adding a feature is adding its definition here.
 */
export const features = [
  accountsFeature,
  attachmentsFeature,
  visitsFeature,
  leadsFeature,
  newsletterFeature,
  integrationsFeature,
  conversationsFeature,
  teamFeature,
  dashboardFeature,
  adminFeature,
] as const;
checkFeatures(features);

/** What the features' public routes read of the bag they are registered with. */
export type PublicRoutesOptions = RoutesOptions<RoutesOf<typeof features, 'publicRoutes'>>;

/** What the features' inbox endpoints read of the bag they are registered with. */
export type InboxRoutesOptions = RoutesOptions<RoutesOf<typeof features, 'inboxRoutes'>>;

/** What the features' background work reads of the bag it is started with. */
export type WorkersOptions = RoutesOptions<RoutesOf<typeof features, 'workers'>>;

/** Every feature's background work, in the list's order. */
export const featureWorkers: readonly FeatureWorkers[] = features.flatMap(
  (feature): readonly FeatureWorkers[] => ('workers' in feature ? feature.workers : []),
);

/** Every feature's public routes, in the list's order. */
export const publicRoutes: readonly FeatureRoutes[] = features.flatMap((feature): readonly FeatureRoutes[] =>
  'publicRoutes' in feature ? feature.publicRoutes : [],
);

/** Every feature's inbox endpoints, in the list's order. */
export const inboxRoutes: readonly FeatureRoutes[] = features.flatMap((feature): readonly FeatureRoutes[] =>
  'inboxRoutes' in feature ? feature.inboxRoutes : [],
);

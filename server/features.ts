import { accountsFeature } from './accounts/accounts-feature.ts';
import { adminFeature } from './admin/admin-feature.ts';
import { attachmentsFeature } from './attachments/attachments-feature.ts';
import { contentFeature } from './content/content-feature.ts';
import { conversationsFeature } from './conversations/conversations-feature.ts';
import { dashboardFeature } from './dashboard/dashboard-feature.ts';
import { integrationsFeature } from './integrations/integrations-feature.ts';
import { leadsFeature } from './leads/leads-feature.ts';
import { newsletterFeature } from './newsletter/newsletter-feature.ts';
import { photosFeature } from './photos/photos-feature.ts';
import {
  checkFeatures,
  type FeatureLeadHooks,
  readinessChecksOf,
  type FeatureRoutes,
  type FeatureWorkers,
  type PartsOptions,
  type ReadinessCheck,
  type ReadinessOf,
  type RoutesOf,
  type RoutesOptions,
} from './plugins/feature-definition.ts';
import { coreDefinition } from './ops/core-definition.ts';
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
  photosFeature,
  contentFeature,
  adminFeature,
] as const;
checkFeatures(features);

/** The core's definition (its tables, commands and parts of /readyz), then the features'. */
export const definitions = [coreDefinition, ...features] as const;

/** What the readiness checks read of the bag they are built with. */
export type ReadinessOptions = PartsOptions<RoutesOf<typeof definitions, 'readiness'>>;

/** What /readyz reports: every definition's part together. */
export type ReadinessReport = ReadinessOf<RoutesOf<typeof definitions, 'readiness'>>;

/** Every definition's parts of /readyz, in the list's order (the order the report shows them). */
export const readinessChecks: readonly ReadinessCheck[] = readinessChecksOf(definitions);

/** What the features' public routes read of the bag they are registered with. */
export type PublicRoutesOptions = RoutesOptions<RoutesOf<typeof features, 'publicRoutes'>>;

/** What the features' inbox endpoints read of the bag they are registered with. */
export type InboxRoutesOptions = RoutesOptions<RoutesOf<typeof features, 'inboxRoutes'>>;

/** What the features' background work reads of the bag it is started with. */
export type WorkersOptions = RoutesOptions<RoutesOf<typeof features, 'workers'>>;

/** What the features' lead hooks are built from. */
export type LeadHooksOptions = PartsOptions<RoutesOf<typeof features, 'leadHooks'>>;

/** Every feature's lead hooks, in the list's order (each told in turn, in the lead's transaction). */
export const featureLeadHooks = features.flatMap((feature) =>
  'leadHooks' in feature ? feature.leadHooks : [],
) satisfies readonly FeatureLeadHooks[];

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

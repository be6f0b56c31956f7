import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { contentMigrations, contentPostgresMigrations } from './content-migrations.ts';
import { contentRoutes } from './content-routes.ts';
import { contentSiteRoutes } from './content-site-routes.ts';

/**
 * The website's content (the Website section): drafts, releases of prerendered pages applied by every
 * instance in order, the preview of the drafts, roll back
 * (docs/decisions/067-content-releases-drafts-and-preview.md).
 */
export const contentFeature = {
  name: 'content',
  needs: ['accounts'],
  migrations: [{ sqlite: contentMigrations, postgres: contentPostgresMigrations }],
  publicRoutes: [contentSiteRoutes],
  inboxRoutes: [contentRoutes],
} as const satisfies FeatureDefinition;

import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { photoMigrations, photoPostgresMigrations } from './photo-migrations.ts';
import { photoServingRoutes, photoUploadRoutes } from './photo-routes.ts';

/**
 * The team's photos: uploaded by admins in the Website section, resized and stored in the database,
 * served at hashed addresses; removePhotosExcept (photo-store.ts) for the content feature's clean-up.
 */
export const photosFeature = {
  name: 'photos',
  needs: ['accounts'],
  migrations: [{ sqlite: photoMigrations, postgres: photoPostgresMigrations }],
  publicRoutes: [photoServingRoutes],
  inboxRoutes: [photoUploadRoutes],
} as const satisfies FeatureDefinition;

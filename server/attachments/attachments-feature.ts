import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { attachmentMigrations, attachmentPostgresMigrations } from './attachment-migrations.ts';
import { uploadDayMigrations, uploadDayPostgresMigrations } from './upload-day-migrations.ts';
import { addPendingScans } from './scan-workers.ts';
import { scannerReadiness } from './scanner-status.ts';

/** The files visitors attach to a quote request: kept with the lead, scanned, the day's upload cap. */
export const attachmentsFeature = {
  name: 'attachments',
  needs: [],
  migrations: [
    { sqlite: attachmentMigrations, postgres: attachmentPostgresMigrations },
    { sqlite: uploadDayMigrations, postgres: uploadDayPostgresMigrations },
  ],
  workers: [addPendingScans],
  readiness: [scannerReadiness],
} as const satisfies FeatureDefinition;

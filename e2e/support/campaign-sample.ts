/**
 * Campaigns written straight into the test server's database, in the states the inbox can show before
 * the sender lands (a draft, a scheduled one, one that paused itself, one sent), for specs and screenshots.
 */
import { at } from './staff-sample.ts';
import type { StaffDatabase } from './staff-seed.ts';

export const PAUSED_REASON =
  'It paused itself after 10 failures in a row: the mail server refused the last ones (421 Too many connections).';

/** A campaign row with these fields over a draft's; returns its id. */
export function seedCampaign(db: StaffDatabase, fields: Record<string, string | number | null> = {}): number {
  return db.insert('campaigns', {
    subject: 'November at Acme: three cloud migrations, one lesson',
    preheader: 'What we learnt moving three clients off their own servers.',
    body_markdown:
      '## Three migrations\n\nThis month we moved **three clients** to the cloud.\n\n- A retailer\n- A clinic\n- A school\n\n[Read the case study](https://www.example.com/services)',
    status: 'draft',
    publish_in_archive: 1,
    slug: null,
    created_by: 'meera@acme.example',
    created_at: at(30),
    updated_at: at(2),
    version: 3,
    scheduled_at: null,
    started_at: null,
    finished_at: null,
    paused_reason: null,
    ...fields,
  });
}

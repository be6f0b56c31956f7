/**
 * Campaigns written straight into the test server's database, in the states the inbox can show before
 * the sender lands (a draft, a scheduled one, one that paused itself, one sent), for specs and screenshots.
 */
import { at } from './staff-sample.ts';
import type { StaffDatabase } from './staff-seed.ts';

export const PAUSED_REASON =
  '10 emails in a row failed, the last with “421 Too many connections”. Check the mail server, then resume.';

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

/** One campaign in each state the list shows; their ids by state. */
export function seedCampaignsInEveryState(db: StaffDatabase) {
  return {
    sent: seedCampaign(db, {
      subject: 'October at Acme: what a security audit finds',
      status: 'sent',
      slug: 'october-at-acme-1',
      created_at: at(800),
      started_at: at(700),
      finished_at: at(690),
      updated_at: at(690),
    }),
    cancelled: seedCampaign(db, {
      subject: 'Diwali hours (sent by mistake to the wrong list)',
      status: 'cancelled',
      created_at: at(400),
      started_at: at(390),
      finished_at: at(389),
    }),
    paused: seedCampaign(db, {
      subject: 'Our new office in Pune',
      status: 'paused',
      created_at: at(30),
      started_at: at(5),
      paused_reason: PAUSED_REASON,
    }),
    sending: seedCampaign(db, { status: 'sending', started_at: at(1) }),
    scheduled: seedCampaign(db, {
      subject: 'Offers for the new year',
      status: 'scheduled',
      scheduled_at: at(-200),
    }),
    draft: seedCampaign(db, {
      subject: 'December: what we are planning for 2026',
      body_markdown: '## Plans\n\nA first draft.',
      updated_at: at(0.5),
    }),
  };
}

import type { Generated, Selectable } from 'kysely';
import type { CampaignStatus } from '../../common/inbox-api/campaign-endpoints.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';

/**
 * A newsletter campaign: what staff write (subject, preheader, Markdown), where it stands, and the
 * times of its sending (which comes in a later release: until then a campaign stays a draft).
 */
export interface CampaignsTable {
  id: Generated<number>;
  subject: string;
  /** The line mail programs show after the subject; hidden in the email itself. */
  preheader: string;
  body_markdown: string;
  status: CampaignStatus;
  /** 1 (true) or 0: shown in the public archive once sent. */
  publish_in_archive: number;
  /** Its address in the archive; unique, null until it is sent. */
  slug: string | null;
  /** The staff member's email. */
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Raised by every save: an edit made from an older version is refused (two tabs, two people). */
  version: number;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  paused_reason: string | null;
  /** Failed sends since the last one that went (temporary or not); at 10 the campaign pauses itself. */
  failures_in_row: Generated<number>;
}

export type CampaignRow = Selectable<CampaignsTable>;

/** A campaign's test email to a staff member (see campaign-email-kinds.ts). */
export const CAMPAIGN_TEST_KIND = 'campaign-test';
/** A campaign's email to one subscriber, in the outbox's 'campaign' lane (see campaign-sending.ts). */
export const CAMPAIGN_KIND = 'campaign';

/** The outbox's name for a campaign, the owner of its emails (each to a subscriber) and its tests. */
export const CAMPAIGN_OWNER = 'campaign';

/** A campaign as the owner of its emails, for the outbox. */
export const campaignOwner = (id: number) => ({ type: CAMPAIGN_OWNER, id }) as const;

/** The campaign an outbox row is about, if it is about one. */
export const campaignIdOf = (row: OutboxRow): number | null =>
  row.owner_type === CAMPAIGN_OWNER ? row.owner_id : null;

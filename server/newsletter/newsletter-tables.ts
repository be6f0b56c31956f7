import type { Generated, Selectable } from 'kysely';
import type { SubscriberStatus } from '../../common/subscriber-domain.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import type { CampaignsTable } from './campaign-tables.ts';

/** The outbox's name for a subscriber: the owner of their confirmations, the recipient of a campaign's email. */
export const SUBSCRIBER_OWNER = 'subscriber';

/** A subscriber as the owner or recipient of emails, for the outbox. */
export const subscriberOwner = (id: number) => ({ type: SUBSCRIBER_OWNER, id }) as const;

/** The subscriber an outbox row goes to: its owner (a confirmation) or its recipient (a campaign's email). */
export function subscriberIdOf(row: OutboxRow): number | null {
  if (row.owner_type === SUBSCRIBER_OWNER) return row.owner_id;
  return row.recipient_type === SUBSCRIBER_OWNER ? row.recipient_id : null;
}

/** Where a newsletter subscriber stands: common/subscriber-domain.ts, the one list of the statuses. */
export { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../common/subscriber-domain.ts';

/** confirm: single use, 48 hours; unsubscribe: valid as long as the subscriber exists. */
type TokenPurpose = 'confirm' | 'unsubscribe';

/**
 * A newsletter subscriber, one row per address. No IP address, no name: the
 * address, where and when it signed up, the consent it was shown, and what
 * happened since.
 */
interface SubscribersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  status: SubscriberStatus;
  /** The first sign-up. */
  created_at: string;
  /** The latest sign-up with this address, whatever came of it. */
  last_signup_at: string;
  /** The latest confirmation. */
  confirmed_at: string | null;
  /** The latest unsubscription. */
  unsubscribed_at: string | null;
  /** When a campaign email to it failed for good (status bounced). */
  bounced_at: string | null;
  /** Path of the page of the latest sign-up that sent a confirmation email, or "unknown". */
  source_page: string;
  /** The consent notice shown with that sign-up (common/newsletter.ts), version and words. */
  consent_version: string;
  consent_text: string;
}

/**
 * The links in the emails to a subscriber. Only the SHA-256 of each token is
 * kept: the token itself is made when its email is sent and exists only in
 * that email. Every email carries its own tokens, so the links of every email
 * sent keep working (until a confirm link expires or is used).
 */
interface SubscriberTokensTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  subscriber_id: number;
  purpose: TokenPurpose;
  created_at: string;
  /** 48 hours after created_at for confirm tokens; null (never) for unsubscribe tokens. */
  expires_at: string | null;
  /** When a confirm token was used, or withdrawn (another one was used, or the address unsubscribed). */
  used_at: string | null;
}

export type Subscriber = Selectable<SubscribersTable>;
export type { TokenPurpose };

/** The double opt-in email (see newsletter-email-kinds.ts). */
export const CONFIRMATION_KIND = 'confirmation';

/** The newsletter's tables (subscribers, their tokens, campaigns): only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface NewsletterTables {
  subscribers: SubscribersTable;
  subscriber_tokens: SubscriberTokensTable;
  campaigns: CampaignsTable;
}

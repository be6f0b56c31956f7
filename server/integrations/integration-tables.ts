import type { Generated, Selectable } from 'kysely';
import type { IntegrationEvent, IntegrationKind } from '../../common/integration-domain.ts';

/**
 * An integration staff added in Settings. Its URL (a credential itself for Slack and Teams) and its
 * signing secret are stored as they are, since every delivery needs them: they are in the database
 * and its backups, and never in logs, the activity log, CSV or /readyz.
 */
interface IntegrationsTable {
  id: Generated<number>;
  kind: IntegrationKind;
  url: string;
  /** A webhook's current signing secret, "whsec_" and base64 of 32 random bytes; null for Slack and Teams. */
  secret: string | null;
  /** After "Rotate secret": the old secret, which signs beside the new one until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  /** 1 (true) or 0. Nothing is queued for a disabled integration, and what waits for it is withdrawn. */
  enabled: number;
  /** Why it is disabled (staff, a 410 Gone, three days of failures); null while enabled. */
  disabled_reason: string | null;
  /** When its deliveries started failing without a success since; null while they succeed. */
  failing_since: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export type IntegrationRow = Selectable<IntegrationsTable>;

/** One attempt to deliver to an integration: its delivery log. No content of the lead is kept here. */
interface IntegrationDeliveriesTable {
  id: Generated<number>;
  integration_id: number;
  /** The lead it was about (deleted with it); null for a test event. */
  quote_request_id: number | null;
  /** The outbox row that made the attempt; null for a test event (sent at once, not queued). */
  outbox_id: number | null;
  event_type: IntegrationEvent;
  /** 1 for "Send test event". */
  test: number;
  at: string;
  status_code: number | null;
  duration_ms: number | null;
  /** 1 when the receiver answered 2xx. */
  ok: number;
  error: string | null;
}

export type IntegrationDeliveryRow = Selectable<IntegrationDeliveriesTable>;

/** The outbox lane of integration deliveries, sent by their own worker over HTTP. */
export const INTEGRATION_LANE = 'integration';

/** The integrations' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface IntegrationTables {
  integrations: IntegrationsTable;
  integration_deliveries: IntegrationDeliveriesTable;
}

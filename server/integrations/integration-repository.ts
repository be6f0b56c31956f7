import type { Kysely } from 'kysely';
import type { IntegrationKind } from '../../common/integration-domain.ts';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { LEAD_OWNER } from '../leads/quote-tables.ts';
import { deliveryOf, INTEGRATION_RECIPIENT } from './delivery-row.ts';
import { createIntegrationChanges, STAFF_REASON } from './integration-changes.ts';
import { INTEGRATION_OUTBOX_KIND } from './integration-queue.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from './integration-tables.ts';

/** The delivery log an integration's page shows: its latest attempts. */
const DELIVERY_LOG_LENGTH = 50;

/** Turned off by the system (a 410 Gone answer, three days of failures), not by staff: the inbox's banner. */
const disabledBySystem = (row: Pick<IntegrationRow, 'enabled' | 'disabled_reason'>) =>
  row.enabled === 0 && !(row.disabled_reason ?? '').startsWith(STAFF_REASON);

/** An integration delivery of a lead, with its integration's kind. */
export type LeadDeliveryRow = OutboxRow &
  ReturnType<typeof deliveryOf> & { integration_kind: IntegrationKind; integrationId: number };

/** Each integration's latest attempt, by integration id. */
async function lastDeliveries(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, IntegrationDeliveryRow>> {
  const found = new Map<number, IntegrationDeliveryRow>();
  await inChunks(ids, async (chunk) => {
    const rows = await tablesOf<IntegrationTables>(db)
      .selectFrom('integration_deliveries')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('integration_deliveries')
          .select((inner) => inner.fn.max('id').as('id'))
          .where('integration_id', 'in', chunk)
          .groupBy('integration_id'),
      )
      .execute();
    for (const row of rows) found.set(row.integration_id, row);
  });
  return found;
}

/** The kinds of these integrations, by id (the Outbox view names a delivery by them). */
async function kindsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, IntegrationKind>> {
  const found = new Map<number, IntegrationKind>();
  await inChunks([...new Set(ids)], async (chunk) => {
    const rows = await tablesOf<IntegrationTables>(db)
      .selectFrom('integrations')
      .select(['id', 'kind'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.set(row.id, row.kind);
  });
  return found;
}

/**
 * Settings → Integrations: the integrations staff add, change and remove, their delivery log, and
 * what the inbox shows of their deliveries. Sending is the delivery side's (integration-services.ts).
 */
export function createIntegrationRepository(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;

  async function get(id: number): Promise<IntegrationRow | undefined> {
    return tablesOf<IntegrationTables>(db)
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  return {
    get,

    /** Every integration, oldest first. */
    async list(): Promise<IntegrationRow[]> {
      return tablesOf<IntegrationTables>(db).selectFrom('integrations').selectAll().orderBy('id').execute();
    },

    ...createIntegrationChanges(storage),

    /** Its latest attempts, newest first. */
    async deliveries(id: number, limit = DELIVERY_LOG_LENGTH): Promise<IntegrationDeliveryRow[]> {
      return tablesOf<IntegrationTables>(db)
        .selectFrom('integration_deliveries')
        .selectAll()
        .where('integration_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Each integration's latest attempt, by integration id. */
    lastDeliveries: (ids: readonly number[]) => lastDeliveries(db, ids),

    /** The kinds of these integrations, by id (the Outbox view names a delivery by them). */
    kindsOf: (ids: readonly number[]) => kindsOf(db, ids),

    /** A lead's integration deliveries (the outbox's rows), oldest first. */
    async ofLead(leadId: number): Promise<LeadDeliveryRow[]> {
      const rows = await tablesOf<IntegrationTables>(db)
        .selectFrom(messagesAbout(db, LEAD_OWNER, INTEGRATION_OUTBOX_KIND).as('m'))
        .innerJoin('integrations', 'integrations.id', 'm.recipient_id')
        .selectAll('m')
        .select('integrations.kind as integration_kind')
        .where('m.owner_id', '=', leadId)
        .where('m.recipient_type', '=', INTEGRATION_RECIPIENT)
        .orderBy('m.id')
        .execute();
      return rows.map((row) => ({ ...row, ...deliveryOf(row), integrationId: row.recipient_id ?? 0 }));
    },

    /** Integrations the system turned off (410 Gone, three days of failures): the inbox's banner. */
    async disabledBySystem(): Promise<IntegrationRow[]> {
      const rows = await tablesOf<IntegrationTables>(db)
        .selectFrom('integrations')
        .selectAll()
        .where('enabled', '=', 0)
        .orderBy('id')
        .execute();
      return rows.filter(disabledBySystem);
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;

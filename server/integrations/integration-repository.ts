import type { IntegrationKind } from '../../common/integration-domain.ts';
import { PREVIOUS_SECRET_HOURS } from '../../common/integration-domain.ts';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import { deleteEmailsOf } from '../outbox/outbox-rows.ts';
import { withdrawFor } from '../outbox/owner-changes.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';

/** The delivery log an integration's page shows: its latest attempts. */
const DELIVERY_LOG_LENGTH = 50;

/** How a staff member's "Turn off" is recorded; any other reason is the system's (410 Gone, failures). */
const STAFF_REASON = 'Turned off by ';
const turnedOffBy = (email: string) => `${STAFF_REASON}${email}`;

/** Turned off by the system (a 410 Gone answer, three days of failures), not by staff: the inbox's banner. */
const disabledBySystem = (row: Pick<IntegrationRow, 'enabled' | 'disabled_reason'>) =>
  row.enabled === 0 && !(row.disabled_reason ?? '').startsWith(STAFF_REASON);

/** Why a delivery waiting for an integration staff turned off was withdrawn. */
const WITHDRAWN = 'the integration was turned off';

/** An integration delivery of a lead, with its integration's kind. */
export type LeadDeliveryRow = OutboxRow & { integration_kind: IntegrationKind };

/**
 * Settings → Integrations: the integrations staff add, change and remove, their delivery log, and
 * what the inbox shows of their deliveries. Sending is the delivery side's (integration-services.ts).
 */
export function createIntegrationRepository(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  const write = storage.write.run;

  async function get(id: number): Promise<IntegrationRow | undefined> {
    return db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  return {
    get,

    /** Every integration, oldest first. */
    async list(): Promise<IntegrationRow[]> {
      return db.selectFrom('integrations').selectAll().orderBy('id').execute();
    },

    async add(
      { kind, url, secret }: { kind: IntegrationKind; url: string; secret: string | null },
      by: string,
      at: Date,
    ): Promise<IntegrationRow> {
      const now = at.toISOString();
      return write((trx) =>
        trx
          .insertInto('integrations')
          .values({
            kind,
            url,
            secret,
            previous_secret: null,
            previous_secret_until: null,
            enabled: 1,
            disabled_reason: null,
            failing_since: null,
            created_by: by,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /**
     * A new URL, or turned on or off. Turned off by staff, it says by whom, and what waits for it is
     * withdrawn (not what a worker is sending now); turned on, its failures are forgotten.
     */
    async update(
      id: number,
      change: { url?: string | undefined; enabled?: boolean | undefined },
      by: string,
      at: Date,
    ): Promise<IntegrationRow | undefined> {
      const now = at.toISOString();
      return write(async (trx) => {
        const row = await trx.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const turningOn = change.enabled === true && row.enabled === 0;
        const turningOff = change.enabled === false && row.enabled === 1;
        const updated = await trx
          .updateTable('integrations')
          .set({
            ...(change.url !== undefined ? { url: change.url } : {}),
            ...(turningOn ? { enabled: 1, disabled_reason: null, failing_since: null } : {}),
            ...(turningOff ? { enabled: 0, disabled_reason: turnedOffBy(by) } : {}),
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (turningOff) {
          await withdrawFor(
            trx,
            { owner: { column: 'integration_id', id } },
            { reason: WITHDRAWN, held: false, at },
          );
        }
        return updated;
      });
    },

    /**
     * A webhook's new secret; the current one becomes the previous one, which signs beside it for
     * PREVIOUS_SECRET_HOURS. 'not-a-webhook' for Slack and Teams, which have none.
     */
    async rotateSecret(
      id: number,
      secret: string,
      at: Date,
    ): Promise<IntegrationRow | 'not-a-webhook' | undefined> {
      return write(async (trx) => {
        const row = await trx.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        if (row.kind !== 'webhook') return 'not-a-webhook';
        const until = new Date(at.getTime() + PREVIOUS_SECRET_HOURS * 60 * 60 * 1000);
        return trx
          .updateTable('integrations')
          .set({
            secret,
            previous_secret: row.secret,
            previous_secret_until: row.secret === null ? null : until.toISOString(),
            updated_at: at.toISOString(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** Removes it with its delivery log and the deliveries that wait for it; false when there was none. */
    async remove(id: number): Promise<boolean> {
      return write(async (trx) => {
        await trx.deleteFrom('integration_deliveries').where('integration_id', '=', id).execute();
        await deleteEmailsOf(trx, 'integration_id', [id]);
        const removed = await trx.deleteFrom('integrations').where('id', '=', id).executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      });
    },

    /** Its latest attempts, newest first. */
    async deliveries(id: number, limit = DELIVERY_LOG_LENGTH): Promise<IntegrationDeliveryRow[]> {
      return db
        .selectFrom('integration_deliveries')
        .selectAll()
        .where('integration_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Each integration's latest attempt, by integration id. */
    async lastDeliveries(ids: readonly number[]): Promise<Map<number, IntegrationDeliveryRow>> {
      const found = new Map<number, IntegrationDeliveryRow>();
      await inChunks(ids, async (chunk) => {
        const rows = await db
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
    },

    /** The kinds of these integrations, by id (the Outbox view names a delivery by them). */
    async kindsOf(ids: readonly number[]): Promise<Map<number, IntegrationKind>> {
      const found = new Map<number, IntegrationKind>();
      await inChunks([...new Set(ids)], async (chunk) => {
        const rows = await db
          .selectFrom('integrations')
          .select(['id', 'kind'])
          .where('id', 'in', chunk)
          .execute();
        for (const row of rows) found.set(row.id, row.kind);
      });
      return found;
    },

    /** A lead's integration deliveries (the outbox's rows), oldest first. */
    async ofLead(leadId: number): Promise<LeadDeliveryRow[]> {
      return db
        .selectFrom('outbox')
        .innerJoin('integrations', 'integrations.id', 'outbox.integration_id')
        .selectAll('outbox')
        .select('integrations.kind as integration_kind')
        .where('outbox.quote_request_id', '=', leadId)
        .orderBy('outbox.id')
        .execute();
    },

    /** Integrations the system turned off (410 Gone, three days of failures): the inbox's banner. */
    async disabledBySystem(): Promise<IntegrationRow[]> {
      const rows = await db
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

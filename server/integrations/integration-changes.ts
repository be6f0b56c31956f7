import type { Transaction } from 'kysely';
import type { IntegrationKind } from '../../common/integration-domain.ts';
import { PREVIOUS_SECRET_HOURS } from '../../common/integration-domain.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { deleteEmailsOf } from '../outbox/outbox-rows.ts';
import { withdrawFor } from '../outbox/owner-changes.ts';
import { INTEGRATION_RECIPIENT } from './delivery-row.ts';
import type { IntegrationRow } from './integration-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from './integration-tables.ts';

/** How a staff member's "Turn off" is recorded; any other reason is the system's (410 Gone, failures). */
export const STAFF_REASON = 'Turned off by ';
const turnedOffBy = (email: string) => `${STAFF_REASON}${email}`;

/** Why a delivery waiting for an integration staff turned off was withdrawn. */
const WITHDRAWN = 'the integration was turned off';

/** A change of an integration by a staff member (`by`), in the caller's transaction (see update). */
async function updateIn(
  trx: Transaction<Database>,
  id: number,
  change: { url?: string | undefined; enabled?: boolean | undefined; by: string },
  at: Date,
): Promise<IntegrationRow | undefined> {
  const now = at.toISOString();
  const by = change.by;
  const row = await tablesOf<IntegrationTables>(trx)
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const turningOn = change.enabled === true && row.enabled === 0;
  const turningOff = change.enabled === false && row.enabled === 1;
  const updated = await tablesOf<IntegrationTables>(trx)
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
      { recipient: { type: INTEGRATION_RECIPIENT, id } },
      { reason: WITHDRAWN, held: false, at },
    );
  }
  return updated;
}

/** A webhook's new secret, in the caller's transaction (see rotateSecret). */
async function rotateIn(
  trx: Transaction<Database>,
  id: number,
  secret: string,
  at: Date,
): Promise<IntegrationRow | 'not-a-webhook' | undefined> {
  const row = await tablesOf<IntegrationTables>(trx)
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.kind !== 'webhook') return 'not-a-webhook';
  const until = new Date(at.getTime() + PREVIOUS_SECRET_HOURS * 60 * 60 * 1000);
  return tablesOf<IntegrationTables>(trx)
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
}

/** What staff change of the integrations: add, change, rotate a webhook's secret, remove. */
export function createIntegrationChanges(storage: Pick<Storage, 'write'>) {
  const write = storage.write.run;
  return {
    async add(
      { kind, url, secret }: { kind: IntegrationKind; url: string; secret: string | null },
      by: string,
      at: Date,
    ): Promise<IntegrationRow> {
      const now = at.toISOString();
      return write((trx) =>
        tablesOf<IntegrationTables>(trx)
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
      return write((trx) => updateIn(trx, id, { ...change, by }, at));
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
      return write((trx) => rotateIn(trx, id, secret, at));
    },

    /** Removes it with its delivery log and the deliveries that wait for it; false when there was none. */
    async remove(id: number): Promise<boolean> {
      return write(async (trx) => {
        await tablesOf<IntegrationTables>(trx)
          .deleteFrom('integration_deliveries')
          .where('integration_id', '=', id)
          .execute();
        await deleteEmailsOf(trx, INTEGRATION_RECIPIENT, [id]);
        const removed = await tablesOf<IntegrationTables>(trx)
          .deleteFrom('integrations')
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      });
    },
  };
}

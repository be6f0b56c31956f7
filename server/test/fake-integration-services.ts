import type { IntegrationServicesOptions } from '../integrations/integration-services.ts';
import type { IntegrationRow } from '../integrations/integration-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from '../integrations/integration-tables.ts';

/** The reason the fake gives for a URL it refuses. */
export const REFUSED_URL_REASON = 'This address is on a private network; only public addresses are allowed.';

/**
 * The delivery side, stood in for by Settings' tests (vi.mock of integration-services.ts): a URL
 * with "private" in it is refused, and a test event is "answered" 200, or 500 for a URL with
 * "broken", recorded in the delivery log as the real one records it. Nothing leaves the machine.
 */
export function createIntegrationServices({ storage }: IntegrationServicesOptions) {
  return {
    async checkUrl(url: string) {
      return url.includes('private')
        ? { ok: false as const, reason: REFUSED_URL_REASON }
        : { ok: true as const };
    },
    async sendTest(row: IntegrationRow, at: Date) {
      const ok = !row.url.includes('broken');
      return storage.write.run((trx) =>
        tablesOf<IntegrationTables>(trx)
          .insertInto('integration_deliveries')
          .values({
            integration_id: row.id,
            quote_request_id: null,
            outbox_id: null,
            event_type: 'lead.created',
            test: 1,
            at: at.toISOString(),
            status_code: ok ? 200 : 500,
            duration_ms: 12,
            ok: ok ? 1 : 0,
            error: ok ? null : 'The receiver answered 500 Internal Server Error.',
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
  };
}

import type { IntegrationKind } from '../../common/integration-domain.ts';
import type { Storage } from '../db/database.ts';
import type { IntegrationRow } from '../integrations/integration-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from '../integrations/integration-tables.ts';

/** An enabled integration written straight into the database, as Settings would store it. */
export async function storeIntegration(
  storage: Pick<Storage, 'write'>,
  kind: IntegrationKind,
  url: string,
  secret?: string,
): Promise<IntegrationRow> {
  const at = new Date().toISOString();
  return storage.write.run((trx) =>
    tablesOf<IntegrationTables>(trx)
      .insertInto('integrations')
      .values({
        kind,
        url,
        secret: secret ?? null,
        enabled: 1,
        created_by: 'owner@acme.test',
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

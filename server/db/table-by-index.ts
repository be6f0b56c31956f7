import { type RawBuilder, sql } from 'kysely';

function checkedName(name: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Bad table or index name: ${name}`);
  return name;
}

/** SQLite: "quote_requests indexed by quote_requests_first_contact" (see Storage.tableByIndex). */
export function sqliteTableByIndex(table: string, index: string | undefined): RawBuilder<unknown> {
  const name = checkedName(table);
  return sql.raw(index === undefined ? name : `${name} indexed by ${checkedName(index)}`);
}

/** PostgreSQL: the table alone; its planner has statistics (autovacuum analyses) and needs no hint. */
export function postgresTableByIndex(table: string, index: string | undefined): RawBuilder<unknown> {
  if (index !== undefined) checkedName(index);
  return sql.raw(checkedName(table));
}

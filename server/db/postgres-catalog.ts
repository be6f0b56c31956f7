import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';

/*
 * What backups and db:copy read of PostgreSQL's catalog, and the SQL only PostgreSQL understands that
 * they run (pg_export_snapshot, information_schema, pg_constraint, setval): it lives here, in server/db.
 */

/** This site's tables (not the migrator's) in the database's schema. */
export async function postgresTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_migration%' order by tablename`,
  );
  return rows.map((row) => row.name);
}

/**
 * Within a transaction that is repeatable read: its snapshot, exported for pg_dump (--snapshot) to
 * dump, and the server's major version (which pg_dump must be at least).
 */
export async function exportPostgresSnapshot(
  client: pg.Client,
): Promise<{ snapshot: string; major: number }> {
  const { rows } = await client.query<{ snapshot: string; major: number }>(
    `select pg_export_snapshot() as snapshot, current_setting('server_version_num')::int / 10000 as major`,
  );
  const [first] = rows;
  if (!first) throw new Error('PostgreSQL exported no snapshot.');
  return first;
}

/** A table of ours: the columns a row can be given (not generated), and its identity column. */
export interface PostgresTargetTable {
  columns: Set<string>;
  identity: string | undefined;
}

/** Each of our tables in PostgreSQL (not the migrator's), by name. */
export async function postgresTargetTables<D>(db: Kysely<D>): Promise<Map<string, PostgresTargetTable>> {
  const { rows } = await sql<{ table: string; column: string; identity: boolean }>`
    select table_name as "table", column_name as "column", is_identity = 'YES' as identity
      from information_schema.columns
     where table_schema = current_schema() and is_generated = 'NEVER'
       and table_name not like 'kysely_migration%'
     order by table_name, ordinal_position`.execute(db);
  const tables = new Map<string, PostgresTargetTable>();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { columns: new Set<string>(), identity: undefined };
    table.columns.add(row.column);
    if (row.identity) table.identity = row.column;
    tables.set(row.table, table);
  }
  return tables;
}

/** Every foreign key of the schema's tables: the table that holds it (child) and the one it points at. */
export async function postgresForeignKeys<D>(db: Kysely<D>): Promise<{ child: string; parent: string }[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(db);
  return rows;
}

/** Moves the table's identity past its highest id and past `sequence` (ids given before): never one again. */
export async function moveIdentityPast<D>(
  trx: Transaction<D>,
  { table, identity, sequence }: { table: string; identity: string; sequence: number },
): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, ${identity}), greatest(max(${sql.ref(identity)}), ${sequence}))
        from ${sql.table(table)} having greatest(max(${sql.ref(identity)}), ${sequence}) > 0`.execute(trx);
}

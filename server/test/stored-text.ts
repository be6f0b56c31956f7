import { readFileSync } from 'node:fs';
import type { Storage } from '../db/database.ts';

/** Binary columns (bytea, blobs) as their bytes' text, so that a search finds text kept inside them. */
function readable(_key: string, value: unknown) {
  if (value && typeof value === 'object' && 'type' in value && value.type === 'Buffer' && 'data' in value) {
    return Buffer.from(value.data as number[]).toString('latin1');
  }
  return value;
}

/**
 * Everything the database keeps, as one string to search, on either database: every row of every
 * table, read through Kysely; on SQLite the file itself too (after a checkpoint), so that what a
 * query would not show (deleted rows in free pages, the write-ahead log) is searched as well.
 */
export async function storedText(storage: Storage): Promise<string> {
  await storage.write.flush();
  const tables = await storage.db.introspection.getTables();
  const rows: unknown[] = [];
  for (const { name } of tables) {
    rows.push(
      ...(await storage.db
        .selectFrom(name as never)
        .selectAll()
        .execute()),
    );
  }
  let text = JSON.stringify(rows, readable);
  if (storage.sqlite) {
    storage.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    text += readFileSync(storage.sqlite.name).toString('latin1');
  }
  return text;
}

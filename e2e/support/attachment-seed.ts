/**
 * A file attached to a lead, stored in the staff server's database by the server's own code
 * (databaseContent: the row and its content in chunks, in one transaction), as the quote form's
 * intake stores one.
 */
import { createHash } from 'node:crypto';
import { openSqlite } from '../../server/db/sqlite-open.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { kindOfName, type ScanState } from '../../common/attachments.ts';
import { databaseContent } from '../../server/attachments/attachment-content.ts';
import type { Database as Tables } from '../../server/db/database-tables.ts';
import { tablesOf } from '../../server/db/tables-of.ts';
import type { AttachmentTables } from '../../server/attachments/attachment-tables.ts';

async function* oneChunk(content: Buffer) {
  yield content;
}

export async function seedAttachment(
  databasePath: string,
  leadId: number,
  file: { name: string; content: Buffer; scan: ScanState; position: number },
): Promise<number> {
  const sqlite = openSqlite(databasePath, { timeout: 10_000, fileMustExist: true });
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await tablesOf<AttachmentTables>(trx)
        .insertInto('lead_attachments')
        .values({
          quote_request_id: leadId,
          position: file.position,
          name: file.name,
          size: file.content.length,
          media_type: kindOfName(file.name)?.mediaType ?? 'application/octet-stream',
          sha256: createHash('sha256').update(file.content).digest('hex'),
          scan: file.scan,
          scan_result: null,
          scanned_at: file.scan === 'pending' ? null : new Date().toISOString(),
          scan_claimed_until: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await databaseContent(db).write(trx, id, oneChunk(file.content));
      return id;
    });
  } finally {
    await db.destroy();
  }
}

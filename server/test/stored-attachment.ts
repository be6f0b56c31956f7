import { createHash } from 'node:crypto';
import type { ScanState } from '../../common/attachments.ts';
import { kindOfName } from '../../common/attachments.ts';
import { databaseContent } from '../attachments/attachment-content.ts';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';

/** A file attached to a lead, written straight into the database as the intake would store it. */
export async function storeAttachment(
  storage: Pick<Storage, 'db' | 'write'>,
  leadId: number,
  file: { name: string; content: Buffer; scan?: ScanState; position?: number; mediaType?: string },
): Promise<number> {
  const mediaType = file.mediaType ?? kindOfName(file.name)?.mediaType ?? 'application/octet-stream';
  return storage.write.run(async (trx) => {
    const row = await tablesOf<AttachmentTables>(trx)
      .insertInto('lead_attachments')
      .values({
        quote_request_id: leadId,
        position: file.position ?? 0,
        name: file.name,
        size: file.content.length,
        media_type: mediaType,
        sha256: createHash('sha256').update(file.content).digest('hex'),
        scan: file.scan ?? 'clean',
        scan_result: file.scan === 'infected' ? 'Eicar-Test-Signature' : null,
        scanned_at: null,
        scan_claimed_until: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await databaseContent(storage.db).write(
      trx,
      id,
      (async function* () {
        yield file.content;
      })(),
    );
    return id;
  });
}

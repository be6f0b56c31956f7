import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { ATTACHMENT_CHUNK_BYTES } from './attachment-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';

/**
 * Where a file's content is kept. The one implementation keeps it in the lead's own database
 * (databaseContent), so backups, restore, db:copy, erasure, retention and every instance cover it
 * with nothing else to keep in step; an object store would implement the same three operations.
 * Content moves in chunks both ways: memory does not grow with a file's size.
 */
export interface AttachmentContent {
  /** Writes the content of file `attachmentId` in the caller's transaction; resolves to its bytes. */
  write(
    trx: Transaction<Database>,
    attachmentId: number,
    content: AsyncIterable<Uint8Array>,
  ): Promise<number>;
  /** The content, one chunk read at a time. */
  read(attachmentId: number): AsyncIterable<Buffer>;
  /** Removes the content of these files (an infected one), in the caller's transaction. */
  remove(trx: Transaction<Database>, attachmentIds: readonly number[]): Promise<void>;
}

/** Cuts a stream of any chunk sizes into buffers of exactly `size` bytes (the last one shorter). */
export async function* rechunk(content: AsyncIterable<Uint8Array>, size: number): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      // Copied: the source may reuse its buffer for the next piece.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** Content in attachment_chunks, in the lead's database (SQLite blobs, PostgreSQL bytea). */
export function databaseContent(db: Kysely<Database>): AttachmentContent {
  return {
    async write(trx, attachmentId, content) {
      let seq = 0;
      let bytes = 0;
      for await (const data of rechunk(content, ATTACHMENT_CHUNK_BYTES)) {
        await tablesOf<AttachmentTables>(trx)
          .insertInto('attachment_chunks')
          .values({ attachment_id: attachmentId, seq, data })
          .execute();
        seq++;
        bytes += data.length;
      }
      return bytes;
    },
    async *read(attachmentId) {
      for (let seq = 0; ; seq++) {
        const chunk = await tablesOf<AttachmentTables>(db)
          .selectFrom('attachment_chunks')
          .select('data')
          .where('attachment_id', '=', attachmentId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!chunk) return;
        yield Buffer.from(chunk.data);
      }
    },
    async remove(trx, attachmentIds) {
      if (attachmentIds.length === 0) return;
      await tablesOf<AttachmentTables>(trx)
        .deleteFrom('attachment_chunks')
        .where('attachment_id', 'in', [...attachmentIds])
        .execute();
    },
  };
}

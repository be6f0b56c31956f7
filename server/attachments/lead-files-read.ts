import type { Kysely } from 'kysely';
import type { ScanState } from '../../common/attachments.ts';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';
import { databaseContent } from './attachment-content.ts';

/** What staff see of a file attached to a lead (never its content). */
export interface LeadFile {
  id: number;
  leadId: number;
  name: string;
  /** Bytes. */
  size: number;
  mediaType: string;
  scan: ScanState;
}

/** A file to send to staff: what it is, and its content read chunk by chunk from the database. */
export interface LeadFileDownload {
  file: LeadFile;
  content: AsyncIterable<Buffer>;
}

/** Reads of the files of leads: lists for the inbox, the emails, integrations and exports, and downloads. */
export function leadFilesRead(db: Kysely<Database>) {
  const files = () =>
    tablesOf<AttachmentTables>(db)
      .selectFrom('lead_attachments')
      .select(['id', 'quote_request_id', 'name', 'size', 'media_type', 'scan', 'position']);
  const fileOf = (row: {
    id: number;
    quote_request_id: number;
    name: string;
    size: number | string;
    media_type: string;
    scan: ScanState;
  }): LeadFile => ({
    id: Number(row.id),
    leadId: Number(row.quote_request_id),
    name: row.name,
    size: Number(row.size),
    mediaType: row.media_type,
    scan: row.scan,
  });

  return {
    /** The files of one lead, in the order they were sent. */
    async ofLead(leadId: number): Promise<LeadFile[]> {
      const rows = await files().where('quote_request_id', '=', leadId).orderBy('position').execute();
      return rows.map(fileOf);
    },

    /** The files of these leads, by lead id, each lead's in the order they were sent (none: absent). */
    async ofLeads(leadIds: readonly number[]): Promise<Map<number, LeadFile[]>> {
      const byLead = new Map<number, LeadFile[]>();
      await inChunks([...new Set(leadIds)], async (chunk) => {
        const rows = await files()
          .where('quote_request_id', 'in', chunk)
          .orderBy('quote_request_id')
          .orderBy('position')
          .execute();
        for (const row of rows) {
          const file = fileOf(row);
          byLead.set(file.leadId, [...(byLead.get(file.leadId) ?? []), file]);
        }
      });
      return byLead;
    },

    /** The files the lead's messages brought (an answer's), by message id, each message's in the order they came. */
    async ofMessages(leadId: number): Promise<Map<number, LeadFile[]>> {
      const rows = await files()
        .select('lead_message_id')
        .where('quote_request_id', '=', leadId)
        .where('lead_message_id', 'is not', null)
        .orderBy('position')
        .execute();
      const byMessage = new Map<number, LeadFile[]>();
      for (const row of rows) {
        const messageId = Number(row.lead_message_id);
        byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), fileOf(row)]);
      }
      return byMessage;
    },

    /** A file of this lead with its content, or undefined if the lead has no such file. */
    async download(leadId: number, attachmentId: number): Promise<LeadFileDownload | undefined> {
      const row = await files()
        .where('id', '=', attachmentId)
        .where('quote_request_id', '=', leadId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { file: fileOf(row), content: databaseContent(db).read(attachmentId) };
    },
  };
}

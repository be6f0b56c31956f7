import type { Generated } from 'kysely';
import type { ScanState } from '../../common/attachments.ts';

/**
 * A file a visitor attached to a quote request: what staff see of it. Its content is in
 * attachment_chunks (attachment-store.ts); a file's row and content are written in the lead's
 * transaction, and deleted with the lead (on delete cascade).
 */
interface LeadAttachmentsTable {
  id: Generated<number>;
  quote_request_id: number;
  /** Its place among the lead's files, from 0, in the order they were sent. */
  position: number;
  /** The name it was sent with, cleaned (server/forms/upload-name.ts): no folder, no control character. */
  name: string;
  /** Bytes. */
  size: number;
  /** The media type its content showed (common/attachments.ts ATTACHMENT_KINDS), never the browser's word. */
  media_type: string;
  /** SHA-256 of the content, hex. */
  sha256: string;
  /** Where it stands with the virus scanner (common/attachments.ts ScanState). */
  scan: ScanState;
  /** The signature clamd named, for an infected file; null otherwise. */
  scan_result: string | null;
  /** When the scanner last answered about it; null while it has not. */
  scanned_at: string | null;
  /** A pending file claimed for a scan by an instance until this time (ISO 8601), so two never scan it at once. */
  scan_claimed_until: string | null;
  created_at: string;
  /** The conversation's message (lead_messages.id) that brought it by mail; null for the quote form's. */
  lead_message_id: number | null;
}

/** A file's content, in chunks of at most ATTACHMENT_CHUNK_BYTES, numbered from 0. */
interface AttachmentChunksTable {
  attachment_id: number;
  seq: number;
  data: Buffer;
}

/** How much of a file one chunk row holds: small enough to stream, large enough to be few rows. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;

/** The bytes of visitors' files stored on one UTC day, for the daily cap (ATTACHMENT_DAILY_MB). */
interface AttachmentUploadDaysTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  bytes: number;
}

/** The attachments' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface AttachmentTables {
  lead_attachments: LeadAttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
  attachment_upload_days: AttachmentUploadDaysTable;
}

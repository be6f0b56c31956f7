import type { ImapFlow } from 'imapflow';
import type { MessageSummary } from './unreadable-mail.ts';

/** A message fetched on its own is fetched in pieces of this size (BODY.PEEK[]<start.length>). */
const PIECE_BYTES = 1024 * 1024;

/**
 * A message larger than the watcher's batches (fetched on its own: mailbox-reader.ts), fetched in
 * pieces into memory shared with the parser's thread (SharedArrayBuffer): the parser reads these bytes
 * where they are, with no copy for it, and no more than one piece is ever held twice (a whole FETCH
 * holds the message's chunks and then their concatenation). Undefined when the message is gone.
 */
export async function fetchShared(client: ImapFlow, summary: MessageSummary): Promise<Buffer | undefined> {
  let bytes = new Uint8Array(new SharedArrayBuffer(Math.max(summary.size, 1)));
  let length = 0;
  for (;;) {
    const source = { start: length, maxLength: PIECE_BYTES };
    const message = await client.fetchOne(String(summary.uid), { uid: true, source }, { uid: true });
    if (!message) return undefined;
    const piece = message.source;
    if (!piece || piece.length === 0) break;
    // RFC822.SIZE was less than the bytes sent (never with Dovecot): room for the rest.
    if (length + piece.length > bytes.length) {
      const larger = new Uint8Array(new SharedArrayBuffer(Math.max(2 * bytes.length, length + piece.length)));
      larger.set(bytes.subarray(0, length));
      bytes = larger;
    }
    bytes.set(piece, length);
    length += piece.length;
    if (piece.length < PIECE_BYTES) break;
  }
  if (length === 0) return undefined;
  return Buffer.from(bytes.buffer, 0, length);
}

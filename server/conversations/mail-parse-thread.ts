import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { parseIncomingMail, type IncomingMail } from './incoming-mail.ts';

/** A message to read, from the watcher's thread. */
export interface ParseRequest {
  id: number;
  raw: Uint8Array;
}

/** What the thread posts back: the mail as read, or why it could not be read. */
export type ParseReply =
  { id: number; mail: IncomingMail; sha256: string } | { id: number; error: string } | 'ready';

/**
 * The thread that reads mail for the mailbox watcher (mail-parser.ts): one message at a time, posted
 * back as read. Its time and memory are bounded by the watcher's thread, which ends it when they run out.
 */
parentPort?.on('message', (request: ParseRequest) => {
  const raw = Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength);
  parseIncomingMail(raw).then(
    (mail) => {
      // The raw message's hash too (for its original, if kept): 50 ms of an 18 MB mail, done here.
      const sha256 = createHash('sha256').update(raw).digest('hex');
      parentPort?.postMessage({ id: request.id, mail, sha256 } satisfies ParseReply);
    },
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ParseReply),
  );
});
parentPort?.postMessage('ready' satisfies ParseReply);

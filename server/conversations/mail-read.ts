import {
  MailParser,
  type AttachmentStream,
  type HeaderLines,
  type Headers,
  type MessageText,
} from 'mailparser';

/**
 * The most of one text part (plain or HTML) that is read, in bytes as sent: past it, the rest of the
 * part is passed over (and the text marked cut). What is shown is 100,000 characters at most, and an
 * HTML part is converted from its first 1,000,000 characters only (html-text.ts), so this is all of
 * it that can be shown; holding an 18 MB part whole cost the parser's thread over 100 MB (decision 065).
 */
export const MAX_TEXT_PART_BYTES = 2 * 1024 * 1024;

/** A file of the message, its content read whole. */
interface MailFile {
  contentType: string;
  contentDisposition?: string;
  filename?: string;
  size: number;
  content: Buffer;
}

/** A message as read: what simpleParser gives (the parts used here), and which kinds of text were cut. */
export interface ReadMail {
  headers: Headers;
  headerLines: HeaderLines;
  subject?: string;
  from?: MailParser['from'];
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string | string[];
  text?: string;
  html?: string;
  attachments: MailFile[];
  /** The types of the text parts ('text/plain', 'text/html'…) read only up to MAX_TEXT_PART_BYTES. */
  cut: ReadonlySet<string>;
}

/** One piece of the message as MailParser's splitter hands it over: a part's headers, or its body. */
interface Piece {
  type: string;
  value?: Buffer;
}

/** The part MailParser is reading. */
interface Part {
  contentType?: string;
  isAttachment?: boolean;
  decoder?: unknown;
  bytesRead?: number;
}

/**
 * What of MailParser this relies on beyond its documented API (mailparser 3, dist/esm/mail-parser.js):
 * `processChunk`, where each piece is handled (a body piece written to the current part), and
 * `curnode`, the current part. mail-read.test.ts fails if either changes.
 */
interface ParserInternals {
  curnode: Part | false;
  processChunk(piece: Piece, done: (error?: Error) => void): void;
}

/** The parser has the internals ParserInternals names. */
function readsPartsAsExpected(parser: MailParser): parser is MailParser & ParserInternals {
  return 'curnode' in parser && 'processChunk' in parser && typeof parser.processChunk === 'function';
}

/** Makes the parser pass over text parts' bytes past maxBytes (their types added to `cut`). */
function boundTextParts(parser: MailParser, maxBytes: number, cut: Set<string>) {
  if (!readsPartsAsExpected(parser))
    throw new Error('mailparser no longer reads parts as mail-read.ts expects');
  const processChunk = parser.processChunk.bind(parser);
  parser.processChunk = (piece, done) => {
    const part = parser.curnode;
    if (piece.type !== 'body' || !piece.value || !part || !part.decoder || part.isAttachment)
      return processChunk(piece, done);
    // A piece may hold many lines: the part's bytes up to maxBytes are read, the rest passed over.
    const read = part.bytesRead ?? 0;
    part.bytesRead = read + piece.value.length;
    if (part.bytesRead <= maxBytes) return processChunk(piece, done);
    cut.add(part.contentType ?? 'text/plain');
    if (read >= maxBytes) return void setImmediate(done);
    processChunk({ ...piece, value: piece.value.subarray(0, maxBytes - read) }, done);
  };
}

/**
 * Reads a raw message as mailparser's simpleParser does (no text converted, no image inlined), but
 * with each text part read up to maxBytes only; every file is read whole.
 */
export function readMail(raw: Buffer, maxBytes = MAX_TEXT_PART_BYTES): Promise<ReadMail> {
  const parser = new MailParser({ skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const cut = new Set<string>();
  boundTextParts(parser, maxBytes, cut);
  const attachments: MailFile[] = [];
  let text: MessageText | undefined;
  return new Promise<ReadMail>((resolve, reject) => {
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'text') {
        text = data;
        return;
      }
      const chunks: Buffer[] = [];
      data.content.on('error', reject);
      data.content.on('data', (chunk: Buffer) => chunks.push(chunk));
      data.content.once('end', () => {
        const { contentType, contentDisposition, filename } = data;
        const content = Buffer.concat(chunks);
        attachments.push({ contentType, contentDisposition, filename, size: content.length, content });
        data.release?.();
      });
    });
    // Every error listened to (the first one settles): an 'error' with no listener would end the thread.
    parser.on('error', reject);
    parser.once('end', () =>
      resolve({
        headers: parser.headers || new Map(),
        headerLines: parser.headerLines || [],
        subject: parser.subject,
        from: parser.from,
        date: parser.date,
        messageId: parser.messageId,
        inReplyTo: parser.inReplyTo,
        references: parser.references,
        text: text?.text,
        html: text?.html,
        attachments,
        cut,
      }),
    );
    parser.end(raw);
  });
}

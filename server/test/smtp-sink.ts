import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface SmtpSink {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** The same messages exactly as they arrived (for signatures over the raw bytes). */
  raw: Buffer[];
  /** Raw SMTP sessions seen (connections), including refused ones. */
  connections: number;
  close: () => Promise<void>;
}

type Refusal = { code: number; message: string } | undefined;

export interface SmtpSinkOptions {
  /** Called for each connection; return a refusal to answer with that SMTP code. */
  onConnect?: (attempt: number) => Refusal;
  onRcptTo?: (address: string) => Refusal;
  port?: number;
}

function refusal(reply: Refusal): Error | undefined {
  if (!reply) return undefined;
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const raw: Buffer[] = [];
  let connections = 0;
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback(refusal(options.onConnect?.(connections)));
    },
    onRcptTo(address, _session, callback) {
      callback(refusal(options.onRcptTo?.(address.address)));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        simpleParser(message)
          .then((mail) => {
            raw.push(message);
            messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A sender killed in the middle of a message resets its connection (the fault tests do it on
  // purpose): that is the sender's end, noted by the server, not a failure of the sink.
  server.on('error', () => undefined);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    raw,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header exactly as it travelled (mailparser turns some, such as List-*, into structures). */
export function rawHeader(mail: Pick<ParsedMail, 'headerLines'>, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(name.length + 1)
    .replace(/\r\n\s+/g, ' ')
    .trim();
}

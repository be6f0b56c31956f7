import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDir, PRIVATE_FILE } from '../db/private-files.ts';
import { readDkimKey, type DkimSettings } from './dkim-key.ts';
import { headerText, type Mailer, type OutgoingMail, type SendResult } from './outgoing-mail.ts';

interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export interface MailerSettings {
  /**
   * The SMTP server; without it emails are written as .eml files to `dir`, or
   * kept in the database when createMailer is given a place there (PostgreSQL).
   */
  smtpUrl: string | undefined;
  timeouts: SmtpTimeouts;
  dir: string;
  /** Signs what goes through SMTP with this key (DKIM_*); files and the database are not sent, not signed. */
  dkim?: DkimSettings | undefined;
  /**
   * Keeps up to this many SMTP connections open and sends over them one message after another (the
   * campaigns' mailer: thousands of emails); without it, one connection per email.
   */
  poolSize?: number | undefined;
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: { name: headerText(mail.from.name ?? ''), address: mail.from.address },
    to: mail.to,
    ...(mail.replyTo
      ? { replyTo: { name: headerText(mail.replyTo.name ?? ''), address: mail.replyTo.address } }
      : {}),
    subject: headerText(mail.subject, 200),
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers ?? {},
    // Nothing in these emails is a file or a URL to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  message?: string;
}

/** 5xx replies are permanent; network errors, timeouts and 4xx replies are worth retrying. */
export function classifySmtpError(error: unknown): { permanent: boolean; error: string } {
  const details = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const permanent = details.permanent === true || (responseCode !== undefined && responseCode >= 500);
  const message = String(details.message ?? error)
    .replace(/\s+/g, ' ')
    .trim();
  return { permanent, error: [details.code, message].filter(Boolean).join(': ') };
}

/**
 * The header fields a DKIM signature covers: nodemailer's list (RFC 6376 5.4.1)
 * plus List-Unsubscribe-Post, which RFC 8058 requires to be signed with
 * List-Unsubscribe for one-click unsubscribe to be trusted.
 */
const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type',
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From',
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References',
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':');

/** Sends through an SMTP server, with explicit timeouts so a dead server never hangs the outbox. */
function createSmtpMailer(
  url: string,
  timeouts: SmtpTimeouts,
  dkim: DkimSettings | undefined,
  poolSize: number | undefined,
): Mailer {
  const transport = nodemailer.createTransport({
    url,
    ...(poolSize ? { pool: true, maxConnections: poolSize, maxMessages: 1000 } : {}),
    ...(dkim
      ? {
          dkim: {
            domainName: dkim.domainName,
            keySelector: dkim.keySelector,
            privateKey: readDkimKey(dkim.privateKeyFile),
            headerFieldNames: DKIM_SIGNED_HEADERS,
          },
        }
      : {}),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  });
  return {
    kind: 'smtp',
    async send(mail): Promise<SendResult> {
      try {
        const info = await transport.sendMail(toNodemailer(mail));
        return { ok: true, detail: String(info.response ?? 'accepted') };
      } catch (error) {
        return { ok: false, ...classifySmtpError(error) };
      }
    },
    close: () => transport.close(),
  };
}

/** Builds the email exactly as the mailers send it (RFC 5322, CRLF line ends), without sending it. */
const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
export async function renderMail(mail: OutgoingMail): Promise<Buffer> {
  const info = await renderer.sendMail(toNodemailer(mail));
  return info.message as Buffer;
}

/** `<quote.ab34…@example.com>` -> `quote.ab34….eml` */
function mailFileName(messageId: string): string {
  const local = messageId.replace(/^</, '').split('@')[0] ?? 'mail';
  return `${local.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`;
}

/**
 * Writes one email as `dir`/<its Message-ID>.eml, readable by the server's
 * user only (it holds the visitor's details and live unsubscribe links), in
 * one step: a reader never sees half a file. Returns the file's path.
 */
export function writeMailFile(dir: string, messageId: string, message: Buffer | string): string {
  ensurePrivateDir(dir);
  const file = join(dir, mailFileName(messageId));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, message, { mode: PRIVATE_FILE });
  renameSync(temporary, file);
  return file;
}

/**
 * Without an SMTP server: each email is written as an .eml file (open it with
 * any mail program). The name comes from the Message-ID, so a retry rewrites
 * the same file instead of adding a second one.
 */
export function createFileMailer(dir: string): Mailer {
  return {
    kind: 'file',
    async send(mail): Promise<SendResult> {
      try {
        return { ok: true, detail: writeMailFile(dir, mail.messageId, await renderMail(mail)) };
      } catch (error) {
        // A full or read-only disk is temporary from the outbox's point of view.
        return { ok: false, permanent: false, error: String((error as Error).message ?? error) };
      }
    },
    close: () => undefined,
  };
}

/** Where the database keeps emails that are not sent (see outbox/mail-drop.ts). */
export interface MailKeeper {
  /** Keeps the email as it would have been sent; false when its outbox row is gone (deleted meanwhile). */
  keep(mail: OutgoingMail, eml: string): Promise<boolean>;
}

/**
 * Without an SMTP server, with several instances (PostgreSQL): each email is
 * kept in the database, not on one instance's disk, so that every instance
 * shows and deletes the same. `npm run outbox -- export-files <dir>` writes
 * them out as the .eml files the file mailer would have written.
 */
function createDatabaseMailer(keeper: MailKeeper): Mailer {
  return {
    kind: 'database',
    async send(mail): Promise<SendResult> {
      try {
        // The rendered email is ASCII (nodemailer encodes headers and bodies for 7-bit transport).
        const kept = await keeper.keep(mail, (await renderMail(mail)).toString('latin1'));
        return {
          ok: true,
          detail: kept ? 'kept in the database' : 'not kept: the email was deleted meanwhile',
        };
      } catch (error) {
        // The database unreachable is temporary: the outbox tries again.
        return { ok: false, permanent: false, error: String((error as Error).message ?? error) };
      }
    },
    close: () => undefined,
  };
}

/** SMTP when SMTP_URL is set; else the database when given a keeper (PostgreSQL), else .eml files in MAIL_DIR. */
export function createMailer(mail: MailerSettings, keeper?: MailKeeper): Mailer {
  if (mail.smtpUrl) return createSmtpMailer(mail.smtpUrl, mail.timeouts, mail.dkim, mail.poolSize);
  return keeper ? createDatabaseMailer(keeper) : createFileMailer(mail.dir);
}

/** Removes the .eml files of these emails (after a delete or a purge); returns how many there were. */
export function removeMailFiles(dir: string, messageIds: readonly string[]): number {
  let removed = 0;
  for (const messageId of messageIds) {
    const file = join(dir, mailFileName(messageId));
    if (!existsSync(file)) continue;
    rmSync(file, { force: true });
    removed++;
  }
  return removed;
}

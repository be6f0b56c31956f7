import { DATABASE_NOTE, type StoreCommand } from '../cli/command.ts';
import { oneOf, option, positiveInteger, table, UsageError, type CommandIo } from '../cli/cli-args.ts';
import { resolve } from 'node:path';
import type { MailDrop } from './mail-drop.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { OUTBOX_STATUSES, type OutboxRow } from './outbox-table.ts';
import { nothingToRetry } from './retry-outcome.ts';

/**
 * What the commands call an email's state: the outbox's statuses, and "kept" for one marked sent that
 * left nowhere (no SMTP_URL: an .eml file in MAIL_DIR, or the database): kept, not sent.
 */
const LIST_STATUSES = [...OUTBOX_STATUSES, 'kept'] as const;
type ListStatus = (typeof LIST_STATUSES)[number];

/** Whether an email was kept, not sent: "sent" in the outbox, but through no mail server. */
const isKept = (row: Pick<OutboxRow, 'status' | 'delivered_via'>) =>
  row.status === 'sent' && (row.delivered_via === 'file' || row.delivered_via === 'database');

const OUTBOX_COMMANDS_USAGE = `  list [--status <status>]                the emails (status: ${LIST_STATUSES.join(', ')};
                                          kept: not sent, SMTP_URL is not set)
  dead                                    the dead letters: emails that could not be delivered
  retry <id> | --all-dead                 send an email (or every dead letter) again; not one being sent
  export-files <dir>                      write the emails kept in the database (PostgreSQL without
                                          SMTP_URL) to <dir> as .eml files, named by Message-ID`;

/**
 * The emails as a table at the given time; "for" says what each is about, as
 * its kind describes it, and a waiting email a worker holds reads "sending".
 */
export function outboxTable(
  rows: readonly OutboxRow[],
  { now, describe }: { now: Date; describe?: OutboxRepository['describe'] },
): string {
  return table(
    ['id', 'for', 'kind', 'status', 'attempts', 'next attempt', 'last error'],
    rows.map((row) => [
      String(row.id),
      // { leadId: 7 } reads "lead 7".
      Object.entries(describe?.(row) ?? {})
        .map(([key, value]) => `${key.replace(/Id$/, '')} ${String(value)}`)
        .join(', '),
      row.kind,
      row.status === 'pending' && row.claimed_until !== null && row.claimed_until > now.toISOString()
        ? 'sending'
        : isKept(row)
          ? 'kept'
          : row.status,
      String(row.attempts),
      row.next_attempt_at.slice(0, 19).replace('T', ' '),
      row.last_error ?? '',
    ]),
  );
}

interface OutboxCommandContext {
  outbox: OutboxRepository;
  /** The emails kept in the database; undefined on SQLite, which writes them to `mailDir`. */
  mailDrop: Pick<MailDrop, 'exportTo'> | undefined;
  mailDir: string;
  io: CommandIo;
  now: Date;
}

/** Writes the emails kept in the database as .eml files, the same the file mailer writes on SQLite. */
async function exportFiles(dir: string | undefined, { mailDrop, mailDir, io }: OutboxCommandContext) {
  if (!dir || dir.startsWith('--')) throw new UsageError('export-files needs the folder to write to.');
  if (!mailDrop) {
    io.out(
      `Nothing is kept in the database: on SQLite the emails are written to MAIL_DIR (${mailDir}) as .eml files already.\n`,
    );
    return 0;
  }
  const target = resolve(dir);
  const count = await mailDrop.exportTo(target);
  io.out(`Wrote ${count} .eml file${count === 1 ? '' : 's'} to ${target}.\n`);
  return 0;
}

/** `npm run outbox -- list|dead|retry|export-files`. Never touches the mail server: the running server sends. */
async function runOutboxCommand(args: string[], context: OutboxCommandContext): Promise<number> {
  const { outbox, io, now } = context;
  const [command, ...rest] = args;
  if (command === 'export-files') return exportFiles(rest[0], context);
  if (command === 'list' || command === 'dead') {
    const status: ListStatus | undefined =
      command === 'dead' ? 'dead' : oneOf(option(rest, '--status'), LIST_STATUSES, '--status');
    const stored = status === 'kept' ? 'sent' : status;
    const rows = (await outbox.list(stored ? { status: stored } : {})).filter(
      (row) => (status !== 'kept' && status !== 'sent') || isKept(row) === (status === 'kept'),
    );
    if (rows.length === 0) io.out(command === 'dead' ? 'No dead letters.\n' : 'The outbox is empty.\n');
    else io.out(outboxTable(rows, { now, describe: outbox.describe }));
    return 0;
  }
  if (command === 'retry') {
    if (rest.includes('--all-dead')) {
      const count = await outbox.retryAllDead(now);
      io.out(
        `Queued ${count} email${count === 1 ? '' : 's'} again; the running server sends them within a few seconds.\n`,
      );
      return 0;
    }
    const id = positiveInteger(rest[0], 'The outbox id');
    const outcome = await outbox.retry(id, now);
    if (outcome !== 'queued') {
      io.err(`${nothingToRetry(id, outcome)}\n`);
      return 1;
    }
    io.out('Queued 1 email again; the running server sends it within a few seconds.\n');
    return 0;
  }
  throw new UsageError(
    command ? `Unknown command "${command}".` : 'outbox needs list, dead, retry or export-files.',
  );
}

export const OUTBOX_USAGE = `Usage: npm run outbox -- <command>

${OUTBOX_COMMANDS_USAGE}

${DATABASE_NOTE}
`;

/** `npm run outbox`: the emails waiting, sent and dead. */
export const outboxCommand: StoreCommand<Pick<OutboxCommandContext, 'outbox' | 'mailDrop'>> = {
  name: 'outbox',
  opens: 'stores',
  usage: OUTBOX_USAGE,
  run: (args, { stores, mailDir, io, now }) =>
    runOutboxCommand(args, { outbox: stores.outbox, mailDrop: stores.mailDrop, mailDir, io, now }),
};

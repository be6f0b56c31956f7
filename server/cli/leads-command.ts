import { mailDomain, type Config } from '../config.ts';
import { openStorage } from '../db/database.ts';
import { LEAD_STATUSES, OUTBOX_STATUSES, type Lead, type LeadStatus, type OutboxRow } from '../db/schema.ts';
import { createLeadRepository } from '../leads/lead-repository.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import { createSubscriberRepository } from '../newsletter/subscriber-repository.ts';
import { createOutboxRepository } from '../outbox/outbox-repository.ts';
import { oneOf, option, positiveInteger, table, UsageError } from './cli-args.ts';
import { toCsv, writeCsv } from './csv.ts';
import { runSubscribersCommand, SUBSCRIBERS_USAGE } from './subscribers-command.ts';

export const LEADS_USAGE = `Usage: npm run leads -- <command>

  list [--status <status>] [--limit <n>]   the newest quote requests (status: ${LEAD_STATUSES.join(', ')})
  show <id>                               one quote request in full, with its emails
  export [--out <file>]                   every quote request as CSV (to the file, or to standard output)
  delete --email <address>                delete every record of this address (a data-subject request):
                                          its quote requests, its newsletter subscription, their emails
  purge --older-than <days>               delete quote requests older than this many days
  outbox list [--status <status>]         the emails (status: ${OUTBOX_STATUSES.join(', ')})
  outbox dead                             the dead letters: emails that could not be delivered
  outbox retry <id> | --all-dead          send an email (or every dead letter) again
${SUBSCRIBERS_USAGE}

The database is DATABASE_PATH (default data/site.db). For a clean CSV on
standard output use: npm run --silent leads -- export > leads.csv
`;

export interface LeadsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const leadRow = (lead: Lead) => [
  String(lead.id),
  lead.created_at.slice(0, 16).replace('T', ' '),
  lead.status,
  lead.name,
  lead.email,
  lead.message,
];

const outboxRow = (row: OutboxRow) => [
  String(row.id),
  row.quote_request_id !== null ? `lead ${row.quote_request_id}` : `subscriber ${row.subscriber_id ?? '?'}`,
  row.kind,
  row.status,
  String(row.attempts),
  row.next_attempt_at.slice(0, 19).replace('T', ' '),
  row.last_error ?? '',
];
const OUTBOX_HEADER = ['id', 'for', 'kind', 'status', 'attempts', 'next attempt', 'last error'];

/**
 * The operator's leads command. Returns the exit code: 0 done, 1 not found,
 * 2 bad usage. Never touches the mail server; a retry is picked up by the
 * running server's outbox worker.
 */
export async function runLeadsCommand(
  args: string[],
  config: Config,
  io: LeadsIo,
  now = new Date(),
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    (command ? io.out : io.err)(LEADS_USAGE);
    return command ? 0 : 2;
  }
  const storage = await openStorage(config.database);
  try {
    const leads = createLeadRepository(storage.db, {
      mailDomain: mailDomain(config.mail.from),
      notificationRecipient: config.mail.to.join(', '),
      acknowledge: config.mail.acknowledge,
    });
    const outbox = createOutboxRepository(storage.db);
    const subscribers = createSubscriberRepository(storage.db, {
      mailDomain: mailDomain(config.mail.from),
      confirmationsPerDay: config.newsletter.confirmationsPerDay,
    });

    switch (command) {
      case 'list': {
        const status = oneOf<LeadStatus>(option(rest, '--status'), LEAD_STATUSES, '--status');
        const limitText = option(rest, '--limit');
        const limit = limitText === undefined ? 50 : positiveInteger(limitText, '--limit');
        const rows = await leads.list({ ...(status ? { status } : {}), limit });
        if (rows.length === 0) io.out('No quote requests.\n');
        else io.out(table(['id', 'created (UTC)', 'status', 'name', 'email', 'message'], rows.map(leadRow)));
        return 0;
      }
      case 'show': {
        const id = positiveInteger(rest[0], 'The id');
        const lead = await leads.get(id);
        if (!lead) {
          io.err(`No quote request with id ${id}.\n`);
          return 1;
        }
        const lines = [
          `Quote request #${lead.id}`,
          `Created:  ${lead.created_at}`,
          `Status:   ${lead.status}`,
          `Page:     ${lead.source_page}`,
          `Name:     ${lead.name}`,
          `Email:    ${lead.email}`,
          `Phone:    ${lead.phone || '(none)'}`,
          'Message:',
          lead.message,
          '',
        ];
        const emails = await outbox.forLead(id);
        if (emails.length > 0) lines.push('Emails:', table(OUTBOX_HEADER, emails.map(outboxRow)));
        io.out(`${lines.join('\n')}\n`);
        return 0;
      }
      case 'export': {
        const file = option(rest, '--out');
        const rows = await leads.all();
        const csv = toCsv(
          ['id', 'created_at', 'status', 'name', 'email', 'phone', 'message', 'source_page'],
          rows.map((lead) => [
            lead.id,
            lead.created_at,
            lead.status,
            lead.name,
            lead.email,
            lead.phone,
            lead.message,
            lead.source_page,
          ]),
        );
        writeCsv(csv, file, io, `${rows.length} quote requests`);
        return 0;
      }
      case 'delete': {
        const email = option(rest, '--email');
        if (!email || !email.includes('@')) throw new UsageError('delete needs --email <address>.');
        const removed = await leads.deleteByEmail(email);
        const subscriber = await subscribers.deleteByEmail(email);
        const files = removeMailFiles(config.mail.dir, [...removed.messageIds, ...subscriber.messageIds]);
        io.out(
          `Deleted ${removed.ids.length} quote requests, ${subscriber.count} newsletter subscribers, ${removed.outboxRows + subscriber.outboxRows} outbox rows and ${files} mail files of ${email}.\n`,
        );
        return 0;
      }
      case 'purge': {
        const days = positiveInteger(option(rest, '--older-than'), '--older-than <days>');
        const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
        const removed = await leads.purgeOlderThan(cutoff);
        const files = removeMailFiles(config.mail.dir, removed.messageIds);
        io.out(
          `Deleted ${removed.ids.length} quote requests older than ${days} days (before ${cutoff.toISOString()}), ${removed.outboxRows} outbox rows and ${files} mail files.\n`,
        );
        return 0;
      }
      case 'outbox': {
        const [sub, ...subArgs] = rest;
        if (sub === 'list' || sub === 'dead') {
          const status =
            sub === 'dead' ? 'dead' : oneOf(option(subArgs, '--status'), OUTBOX_STATUSES, '--status');
          const rows = await outbox.list(status ? { status } : {});
          if (rows.length === 0) io.out(sub === 'dead' ? 'No dead letters.\n' : 'The outbox is empty.\n');
          else io.out(table(OUTBOX_HEADER, rows.map(outboxRow)));
          return 0;
        }
        if (sub === 'retry') {
          const selection = subArgs.includes('--all-dead')
            ? ({ allDead: true } as const)
            : { id: positiveInteger(subArgs[0], 'The outbox id') };
          const count = await outbox.retry(selection, now);
          if (count === 0 && 'id' in selection) {
            io.err(`No outbox row ${selection.id} waiting or dead (sent rows are not sent again).\n`);
            return 1;
          }
          io.out(
            `Queued ${count} email${count === 1 ? '' : 's'} again; the running server sends them within a few seconds.\n`,
          );
          return 0;
        }
        throw new UsageError(sub ? `Unknown outbox command "${sub}".` : 'outbox needs list, dead or retry.');
      }
      case 'subscribers':
        return await runSubscribersCommand(rest, { subscribers, mailDir: config.mail.dir, io, now });
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${LEADS_USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await storage.close();
  }
}

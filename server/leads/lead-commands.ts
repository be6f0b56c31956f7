import { quoteFields, quoteFormFields } from '../../common/quote-request.ts';
import { oneOf, option, positiveInteger, table, type CommandIo } from '../cli/cli-args.ts';
import { writeCsv } from '../cli/csv.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import { outboxTable } from '../outbox/outbox-commands.ts';
import type { LeadRepository, LeadWithDelivery } from './lead-repository.ts';
import { LEAD_VIEWS, type LeadView } from '../../common/inbox-paths.ts';
import { deliveryOf, deliveryWord, describeDelivery } from './lead-delivery.ts';
import { leadsCsv, type ConversationColumns } from './lead-export.ts';

/** The views the list can show: a status, or the spam folder ("all" is the default). */
const LIST_STATUSES = LEAD_VIEWS.filter((view) => view !== 'all');

export const LEAD_COMMANDS_USAGE = `  list [--status <status>] [--limit <n>]   the newest quote requests (status: ${LIST_STATUSES.join(', ')})
  show <id>                               one quote request in full, with its emails
  export [--out <file>]                   every quote request as CSV (to the file, or to standard output)
  purge --older-than <days>               delete quote requests older than this many days`;

export interface LeadCommandsContext {
  leads: LeadRepository;
  mailDir: string;
  io: CommandIo;
  now: Date;
  /** The conversations' figures of these leads (messages, last answer), for the export's two columns. */
  conversationFigures?: (leadIds: readonly number[]) => Promise<ReadonlyMap<number, ConversationColumns>>;
}

const leadRow = ({ lead, notification }: LeadWithDelivery) => [
  String(lead.id),
  lead.created_at.slice(0, 16).replace('T', ' '),
  lead.spam ? 'spam' : lead.status,
  deliveryWord(deliveryOf(notification)),
  lead.name,
  lead.email,
  lead.message,
];

/** Labels and values line up: "Email:    priya@company.in". */
const labelWidth =
  Math.max(
    ...['Created', ...quoteFields.map((name) => quoteFormFields[name].label)].map((label) => label.length),
  ) + 3;

/** `npm run leads -- list|show|export|purge`; undefined when the command is not one of these. */
export async function runLeadCommand(
  command: string,
  rest: string[],
  { leads, mailDir, io, now, conversationFigures }: LeadCommandsContext,
): Promise<number | undefined> {
  switch (command) {
    case 'list': {
      const view = oneOf<LeadView>(option(rest, '--status'), LIST_STATUSES, '--status') ?? 'all';
      const limitText = option(rest, '--limit');
      const limit = limitText === undefined ? 50 : positiveInteger(limitText, '--limit');
      const { items } = await leads.page({ view, limit });
      if (items.length === 0) io.out('No quote requests.\n');
      else
        io.out(
          table(
            ['id', 'created (UTC)', 'status', 'delivery', 'name', 'email', 'message'],
            items.map(leadRow),
          ),
        );
      return 0;
    }
    case 'show': {
      const id = positiveInteger(rest[0], 'The id');
      const found = await leads.detail(id);
      if (!found) {
        io.err(`No quote request with id ${id}.\n`);
        return 1;
      }
      const { lead, notification } = found;
      const line = (label: string, value: string) => `${`${label}:`.padEnd(labelWidth)}${value}`;
      const lines = [
        `Quote request #${lead.id} (${lead.reference} in emails)`,
        line('Created', lead.created_at),
        line('Status', lead.spam ? `${lead.status} (spam)` : lead.status),
        line('Delivery', describeDelivery(deliveryOf(notification))),
        line('Page', lead.source_page),
      ];
      for (const name of quoteFields) {
        const { label, control } = quoteFormFields[name];
        if (control === 'textarea') lines.push(`${label}:`, lead[name]);
        else lines.push(line(label, lead[name] || '(none)'));
      }
      lines.push('');
      const emails = await leads.emails(id);
      if (emails.length > 0) lines.push('Emails:', outboxTable(emails, { now }));
      io.out(`${lines.join('\n')}\n`);
      return 0;
    }
    case 'export': {
      const rows = await leads.all();
      const ids = rows.map((lead) => lead.id);
      const csv = leadsCsv(rows, await leads.filesOf(ids), await conversationFigures?.(ids));
      writeCsv(csv, option(rest, '--out'), io, `${rows.length} quote requests`);
      return 0;
    }
    case 'purge': {
      const days = positiveInteger(option(rest, '--older-than'), '--older-than <days>');
      const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
      const removed = await leads.purgeOlderThan(cutoff);
      const files = removeMailFiles(mailDir, removed.messageIds);
      io.out(
        `Deleted ${removed.ids.length} quote requests older than ${days} days (before ${cutoff.toISOString()}), ${removed.outboxRows} outbox rows and ${files} mail files.\n`,
      );
      return 0;
    }
    default:
      return undefined;
  }
}

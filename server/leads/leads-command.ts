import { option, UsageError } from '../cli/cli-args.ts';
import { DATABASE_NOTE, type StoreCommand } from '../cli/command.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import { LEAD_COMMANDS_USAGE, runLeadCommand, type LeadCommandsContext } from './lead-commands.ts';
import type { LeadRepository } from './lead-repository.ts';

export const LEADS_USAGE = `Usage: npm run leads -- <command>

${LEAD_COMMANDS_USAGE}
  delete --email <address>                delete every record of this address (a data-subject request):
                                          its quote requests, its newsletter subscription, their emails

${DATABASE_NOTE} For a clean CSV on
standard output use: npm run --silent leads -- export > leads.csv
The emails: npm run outbox -- help. The newsletter's subscribers: npm run subscribers -- help.
`;

/**
 * What `npm run leads` reads of the stores: the leads; for `delete --email`, the newsletter's
 * subscribers too (an address is forgotten everywhere), and for the export the conversations' figures.
 * Named by what they do, not imported: the newsletter and the conversations come after leads/.
 */
interface LeadsCommandStores {
  leads: LeadRepository;
  subscribers: {
    deleteByEmail(email: string): Promise<{ count: number; messageIds: string[]; outboxRows: number }>;
  };
  conversations: { figuresOf: NonNullable<LeadCommandsContext['conversationFigures']> };
}

/** `npm run leads`: the quote requests, and `delete --email`, which forgets an address everywhere. */
export const leadsCommand: StoreCommand<LeadsCommandStores> = {
  name: 'leads',
  opens: 'stores',
  usage: LEADS_USAGE,
  async run([command = '', ...rest], { stores, mailDir, io, now }) {
    if (command === 'delete') {
      const email = option(rest, '--email');
      if (!email || !email.includes('@')) throw new UsageError('delete needs --email <address>.');
      const removed = await stores.leads.deleteByEmail(email);
      const subscriber = await stores.subscribers.deleteByEmail(email);
      const files = removeMailFiles(mailDir, [...removed.messageIds, ...subscriber.messageIds]);
      io.out(
        `Deleted ${removed.ids.length} quote requests, ${subscriber.count} newsletter subscribers, ${removed.outboxRows + subscriber.outboxRows} outbox rows and ${files} mail files of ${email}.\n`,
      );
      return 0;
    }
    const code = await runLeadCommand(command, rest, {
      leads: stores.leads,
      mailDir,
      io,
      now,
      conversationFigures: (ids) => stores.conversations.figuresOf(ids),
    });
    if (code === undefined) throw new UsageError(`Unknown command "${command}".`);
    return code;
  },
};

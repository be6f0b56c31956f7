import { oneOf, option, positiveInteger, table, UsageError, type CommandIo } from '../cli/cli-args.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { OUTBOX_STATUSES, type OutboxRow } from './outbox-table.ts';

export const OUTBOX_COMMANDS_USAGE = `  list [--status <status>]                the emails (status: ${OUTBOX_STATUSES.join(', ')})
  dead                                    the dead letters: emails that could not be delivered
  retry <id> | --all-dead                 send an email (or every dead letter) again`;

/** The emails as a table; "for" says what each is about, as its kind describes it. */
export function outboxTable(rows: readonly OutboxRow[], describe?: OutboxRepository['describe']): string {
  return table(
    ['id', 'for', 'kind', 'status', 'attempts', 'next attempt', 'last error'],
    rows.map((row) => [
      String(row.id),
      // { leadId: 7 } reads "lead 7".
      Object.entries(describe?.(row) ?? {})
        .map(([key, value]) => `${key.replace(/Id$/, '')} ${String(value)}`)
        .join(', '),
      row.kind,
      row.status,
      String(row.attempts),
      row.next_attempt_at.slice(0, 19).replace('T', ' '),
      row.last_error ?? '',
    ]),
  );
}

/** `npm run outbox -- list|dead|retry`. Never touches the mail server: the running server sends. */
export async function runOutboxCommand(
  args: string[],
  { outbox, io, now }: { outbox: OutboxRepository; io: CommandIo; now: Date },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' || command === 'dead') {
    const status = command === 'dead' ? 'dead' : oneOf(option(rest, '--status'), OUTBOX_STATUSES, '--status');
    const rows = await outbox.list(status ? { status } : {});
    if (rows.length === 0) io.out(command === 'dead' ? 'No dead letters.\n' : 'The outbox is empty.\n');
    else io.out(outboxTable(rows, outbox.describe));
    return 0;
  }
  if (command === 'retry') {
    const selection = rest.includes('--all-dead')
      ? ({ allDead: true } as const)
      : { id: positiveInteger(rest[0], 'The outbox id') };
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
  throw new UsageError(command ? `Unknown command "${command}".` : 'outbox needs list, dead or retry.');
}

import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { AnswerFiles } from './answer-files.ts';
import type { IncomingMail } from './incoming-mail.ts';
import { matchLead } from './match-lead.ts';
import { storeIncoming, type StoreIncomingOptions } from './store-incoming.ts';

/** What became of one mail: stored on a lead, already there, or not ours (left alone). */
export type Received = { leadId: number; stored: boolean } | { leadId: undefined; stored: false };

/** Matches a mail to its lead and stores it there, in the caller's transaction. */
export async function receiveMail(
  trx: Transaction<Database>,
  mail: IncomingMail,
  options: StoreIncomingOptions,
  files?: Pick<AnswerFiles, 'kept' | 'refused'>,
): Promise<Received> {
  const leadId = await matchLead(trx, mail);
  if (leadId === undefined) return { leadId, stored: false };
  return { leadId, stored: await storeIncoming(trx, leadId, mail, options, files) };
}

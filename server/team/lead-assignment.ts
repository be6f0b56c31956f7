import type { Transaction } from 'kysely';
import type { AssignmentMode } from '../../common/team-domain.ts';
import { staffNameOf } from '../accounts/staff-names.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { type NewEmail, queueEmails } from '../outbox/outbox-rows.ts';
import type { LeadHooks, StoredProbe } from '../leads/lead-hooks.ts';
import { leadFields } from '../leads/lead-lookups.ts';
import { changeOwner } from '../leads/lead-owner.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import { STAFF_LEAD_EMAIL_KINDS } from '../leads/staff-lead-email-kinds.ts';
import { staffTakingLeads } from '../accounts/staff-lookups.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { TeamTables } from './team-tables.ts';

/** The email to a person given a lead, when they chose to hear of theirs. */
export function forYouEmail(leadId: number, recipient: string, mailDomain: string, at: Date): NewEmail {
  const kind = STAFF_LEAD_EMAIL_KINDS.forYou;
  return { kind, recipient, messageId: newMessageId(kind, mailDomain), owner: leadOwner(leadId), at };
}

/** The accounts that take new leads in turn, in the order turns go round. */
function eligible(trx: Transaction<Database>) {
  return staffTakingLeads(trx).execute();
}

/**
 * Gives a new lead to the next person in turn, in the lead's own transaction, when Settings says "Take
 * turns" (one UPDATE that matches nothing otherwise). The turn is taken by an UPDATE … RETURNING of the one
 * row: it stays locked until the lead commits, so instances never give the same turn twice.
 */
async function assignInTurn(trx: Transaction<Database>, leadId: number, at: Date, mailDomain: string) {
  const taken = await tablesOf<TeamTables>(trx)
    .updateTable('lead_assignment')
    .set((eb) => ({ turn: eb('turn', '+', 1) }))
    .where('id', '=', 1)
    .where('mode', '=', 'turns')
    .returning('turn')
    .executeTakeFirst();
  if (!taken) return;
  const people = await eligible(trx);
  const owner = people[(Number(taken.turn) - 1) % Math.max(people.length, 1)];
  if (!owner) return;
  const text = `Assigned in turn to ${staffNameOf(owner.email)}`;
  const changed = await changeOwner(trx, { leadId, ownerId: owner.id, actor: null, text }, at);
  if (!changed || changed.from !== null) return;
  // Someone on "All leads" is emailed about every new lead already; "My leads" hears of this one now.
  if (owner.new_lead_emails === 'mine')
    await queueEmails(trx, [forYouEmail(leadId, owner.email, mailDomain, at)]);
}

/** Settings says "Take turns": otherwise a new lead is left unassigned, with nothing to do. */
const takingTurns: StoredProbe = (db) =>
  tablesOf<TeamTables>(db)
    .selectFrom('lead_assignment')
    .select('id')
    .where('id', '=', 1)
    .where('mode', '=', 'turns');

/** The lead hooks of assignment: a new lead (or one marked Not spam) gets its owner in turn. */
export function assignmentHooks({ mailDomain }: { mailDomain: string }): LeadHooks {
  return {
    storedOnlyIf: [takingTurns],
    stored: (trx, leadId, at) => assignInTurn(trx, leadId, at, mailDomain),
    markedNotSpam: async (trx, leadId, at) => {
      const lead = await leadFields(trx, leadId, ['owner_id']);
      if (lead && lead.owner_id === null) await assignInTurn(trx, leadId, at, mailDomain);
    },
  };
}

/** Settings → Lead assignment: read and saved. */
export function createLeadAssignment(storage: Pick<Storage, 'db' | 'write'>) {
  return {
    async mode(): Promise<AssignmentMode> {
      const row = await tablesOf<TeamTables>(storage.db)
        .selectFrom('lead_assignment')
        .select('mode')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row?.mode ?? 'unassigned';
    },
    async setMode(mode: AssignmentMode, actor: string, at: Date): Promise<boolean> {
      return storage.write.run(async (trx) => {
        const before = await tablesOf<TeamTables>(trx)
          .selectFrom('lead_assignment')
          .select('mode')
          .where('id', '=', 1)
          .executeTakeFirst();
        if ((before?.mode ?? 'unassigned') === mode) return false;
        await tablesOf<TeamTables>(trx)
          .insertInto('lead_assignment')
          .values({ id: 1, mode, turn: 0, updated_at: at.toISOString(), updated_by: actor })
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet({ mode, updated_at: at.toISOString(), updated_by: actor }),
          )
          .execute();
        return true;
      });
    },
  };
}

export type LeadAssignment = ReturnType<typeof createLeadAssignment>;

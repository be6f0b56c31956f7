import type { Transaction } from 'kysely';
import type { LeadStatus } from '../../common/lead-domain.ts';
import type { Database } from '../db/database-tables.ts';

/**
 * What other parts are told of a lead, inside the transaction that changes it, so what they queue
 * (the integrations' deliveries) is promised together with the change. Spam is never announced: a
 * lead the honeypot caught is not "stored", and a spam lead's status changes are not told.
 */
export interface LeadHooks {
  /** A new lead that is not spam was stored: nothing was queued about it yet. */
  stored?(trx: Transaction<Database>, leadId: number, at: Date): Promise<void>;
  /** A spam lead was marked Not spam (what was queued about it before may wait, dead or cancelled). */
  created?(trx: Transaction<Database>, leadId: number, at: Date): Promise<void>;
  /** A lead that is not spam moved from one status to another. */
  statusChanged?(
    trx: Transaction<Database>,
    leadId: number,
    change: { from: LeadStatus; to: LeadStatus },
    at: Date,
  ): Promise<void>;
  /** A lead was marked spam: what waits to announce it is withdrawn. */
  markedSpam?(trx: Transaction<Database>, leadId: number, at: Date): Promise<void>;
}

/**
 * Several parts' hooks as one (the integrations' deliveries, the team's assignment and emails): each is
 * told in the order given, inside the lead's transaction.
 */
export function combineLeadHooks(...parts: readonly LeadHooks[]): LeadHooks {
  return {
    async stored(trx, leadId, at) {
      for (const part of parts) await part.stored?.(trx, leadId, at);
    },
    async created(trx, leadId, at) {
      for (const part of parts) await part.created?.(trx, leadId, at);
    },
    async statusChanged(trx, leadId, change, at) {
      for (const part of parts) await part.statusChanged?.(trx, leadId, change, at);
    },
    async markedSpam(trx, leadId, at) {
      for (const part of parts) await part.markedSpam?.(trx, leadId, at);
    },
  };
}

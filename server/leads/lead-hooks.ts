import type { QueryCreator, SelectQueryBuilder, Transaction } from 'kysely';
import type { LeadStatus } from '../../common/lead-domain.ts';
import type { Database } from '../db/database-tables.ts';

/**
 * A select that finds a row when a part's `stored` has work to do (an integration is enabled, someone
 * wants every lead): the intake reads it in the new lead's own insert statement where the database
 * allows (PostgreSQL), so that a part with nothing to do costs no round trip.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any feature's view, table and columns: only whether a row exists
export type StoredProbe = (db: QueryCreator<Database>) => SelectQueryBuilder<any, any, object>;

/** What each probe found, read with the lead; a probe missing from it was not read (do the work). */
export type ProbeFindings = ReadonlyMap<StoredProbe, boolean>;

/**
 * What other parts are told of a lead, inside the transaction that changes it, so what they queue
 * (the integrations' deliveries) is promised together with the change. Spam is never announced: a
 * lead the honeypot caught is not "stored", and a spam lead's status changes are not told.
 */
export interface LeadHooks {
  /**
   * A new lead that is not spam was stored: nothing was queued about it yet. `found` holds what
   * `storedOnlyIf`'s probes found, when they were read with the lead.
   */
  stored?(trx: Transaction<Database>, leadId: number, at: Date, found?: ProbeFindings): Promise<void>;
  /**
   * `stored` has work only when one of these finds a row; when the intake read them with the lead and
   * none did, `stored` is not called (combineLeadHooks skips the part).
   */
  storedOnlyIf?: readonly StoredProbe[];
  /** A spam lead was marked Not spam (what was queued about it before may wait, dead or cancelled). */
  markedNotSpam?(trx: Transaction<Database>, leadId: number, at: Date): Promise<void>;
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
    storedOnlyIf: parts.flatMap((part) => part.storedOnlyIf ?? []),
    async stored(trx, leadId, at, found) {
      for (const part of parts) {
        const probes = part.storedOnlyIf ?? [];
        const idle = found && probes.length > 0 && probes.every((probe) => found.get(probe) === false);
        if (!idle) await part.stored?.(trx, leadId, at, found);
      }
    },
    async markedNotSpam(trx, leadId, at) {
      for (const part of parts) await part.markedNotSpam?.(trx, leadId, at);
    },
    async statusChanged(trx, leadId, change, at) {
      for (const part of parts) await part.statusChanged?.(trx, leadId, change, at);
    },
    async markedSpam(trx, leadId, at) {
      for (const part of parts) await part.markedSpam?.(trx, leadId, at);
    },
  };
}

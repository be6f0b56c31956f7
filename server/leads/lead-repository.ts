import type { Storage } from '../db/database.ts';
import { createLeadInbox } from './lead-inbox.ts';
import { createLeadIntake, type LeadIntakeOptions } from './lead-intake.ts';
import { createLeadRetention } from './lead-retention.ts';
import { createLeadWorkflow } from './lead-workflow.ts';

export type { LeadWithDelivery } from './lead-inbox.ts';

/**
 * The quote requests: the only code that writes or reads them, their
 * timeline and their search index, by job: the public write (lead-intake),
 * the inbox's reads (lead-inbox), what staff do with a lead (lead-workflow),
 * and retention and removal (lead-retention). Their emails are the outbox's:
 * each job asks it, in its own transaction, to queue, withdraw or requeue them.
 * Every write goes through the storage's group commit (storage.write), in the
 * server, the command line and the tests.
 */
export function createLeadRepository(
  storage: Pick<
    Storage,
    'db' | 'write' | 'writeSharing' | 'lock' | 'insertsInWith' | 'fullTextMatch' | 'newestFullTextMatches'
  >,
  options: LeadIntakeOptions,
) {
  return {
    ...createLeadIntake(storage, options),
    ...createLeadInbox(storage),
    ...createLeadWorkflow(storage, options),
    ...createLeadRetention(storage),
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;

import type { Preferences } from '../../common/inbox-api/account-endpoints.ts';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/** Each person's own choices (Account): taking new leads in turn, and which emails they get. */
export function createPreferences(storage: Pick<Storage, 'db' | 'write'>) {
  async function of(accountId: number): Promise<Preferences> {
    const row = await tablesOf<AccountTables>(storage.db)
      .selectFrom('admin_accounts')
      .select(['takes_leads', 'new_lead_emails', 'daily_digest', 'answer_emails'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return {
      takesLeads: row.takes_leads === 1,
      newLeadEmails: row.new_lead_emails,
      dailyDigest: row.daily_digest === 1,
      answerEmails: row.answer_emails === 1,
    };
  }
  return {
    of,
    /** Saves what is given; the rest stays. */
    async save(accountId: number, changes: Partial<Preferences>): Promise<Preferences> {
      const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
      const set = Object.fromEntries(
        Object.entries({
          takes_leads: flag(changes.takesLeads),
          new_lead_emails: changes.newLeadEmails,
          daily_digest: flag(changes.dailyDigest),
          answer_emails: flag(changes.answerEmails),
        }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(set).length > 0)
        await storage.write.run((trx) =>
          tablesOf<AccountTables>(trx)
            .updateTable('admin_accounts')
            .set(set)
            .where('id', '=', accountId)
            .execute(),
        );
      return of(accountId);
    },
  };
}

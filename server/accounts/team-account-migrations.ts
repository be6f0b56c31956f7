import type { Kysely, Migration } from 'kysely';

/**
 * A team (docs/decisions/041-roles-in-the-contract.md): each account's role ('admin' | 'member'), whether it takes
 * new leads in turn, and
 * what it is emailed about; an invitation carries the role its account gets. Existing accounts and
 * invitations become admins (the column's default), as they could do everything before. SQLite adds one
 * column per statement; the same statements serve PostgreSQL.
 */
async function addTeamColumns(db: Kysely<unknown>) {
  const accounts = () => db.schema.alterTable('admin_accounts');
  await accounts()
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('admin'))
    .execute();
  // 1: new leads may be assigned to it when Settings → Lead assignment says "Take turns".
  await accounts()
    .addColumn('takes_leads', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  // 'all' | 'mine' | 'none' (common/team-domain.ts): which new leads it is emailed about.
  await accounts()
    .addColumn('new_lead_emails', 'text', (column) => column.notNull().defaultTo('mine'))
    .execute();
  await accounts()
    .addColumn('daily_digest', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // 1: an email when a client answers on one of its leads.
  await accounts()
    .addColumn('answer_emails', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('admin_invitations')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('admin'))
    .execute();
}

export const teamAccountMigrations: Record<string, Migration> = {
  '2026-11-29-100-team-accounts': { up: addTeamColumns },
};

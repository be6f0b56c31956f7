/**
 * bench:admin's team (docs/decisions/042-owners-and-assignment-in-turn.md): 10 staff, the bench's own account first
 * (id 1) and 9 colleagues, and
 * every lead owned by one of them in turn (owner id = lead id mod 10 + 1), so "Mine" lists about a tenth
 * of the leads: 10,000 of 100,000. One UPDATE, the same on both databases.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/database-tables.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { AccountTables } from '../server/accounts/admin-tables.ts';

export async function seedOwners(db: Kysely<Database>): Promise<void> {
  await sql`update quote_requests set owner_id = (id % 10) + 1`.execute(db);
}

/** The bench's 9 colleagues (ids 2 to 10), made after its own account. */
export async function seedColleagues(db: Kysely<Database>): Promise<void> {
  const at = new Date().toISOString();
  await tablesOf<AccountTables>(db)
    .insertInto('admin_accounts')
    .values(
      Array.from({ length: 9 }, (_, n) => ({
        email: `colleague${n + 2}@example.com`,
        user_handle: `Y29sbGVhZ3Vl${n + 2}`,
        created_at: at,
        revoked_at: null,
        last_sign_in_at: null,
        role: 'member' as const,
      })),
    )
    .execute();
}

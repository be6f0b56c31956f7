import { staffNameOf } from '../../common/staff-name.ts';
import type { AccountRepository } from './account-repository.ts';

/** A staff member's name, from the account's email: the team's pages and emails name staff by it. */
export { staffNameOf };

/** Every account's name (revoked ones too: a lead they owned still names them), by id. */
export async function staffNames(accounts: Pick<AccountRepository, 'emails'>): Promise<Map<number, string>> {
  const emails = await accounts.emails();
  return new Map(emails.map(({ id, email }) => [id, staffNameOf(email)]));
}

/** A lead's owner as the inbox shows it, or null: "Unassigned". */
export function ownerShown(ownerId: number | null, names: ReadonlyMap<number, string>) {
  if (ownerId === null) return null;
  return { id: ownerId, name: names.get(ownerId) ?? `Account ${ownerId}` };
}

import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { clientKey } from '../security/client-address.ts';
import { hashToken, isTokenShape, newToken } from '../security/tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables, CeremonyPurpose } from './admin-tables.ts';

export interface Flow {
  challenge: string;
  purpose: CeremonyPurpose;
  /** The invitation's token hash, the account's id or the session's: nobody else's request can finish it. */
  subject: string;
  /** For a new passkey: the WebAuthn user handle it was made for. */
  userHandle?: string;
}

/** How long a person has between the options and the answer (the browser's own timeout is 60 s). */
const FLOW_TTL_MS = 5 * 60 * 1000;

/**
 * Open flows per client network (an IPv4 address, an IPv6 /64); its oldest go first. Enough for an office
 * behind one address (a sign-in page opens one on load and one on the button), and a flood of options
 * requests from one network replaces only its own flows.
 */
export const FLOWS_PER_NETWORK = 20;

/**
 * The client network as stored: the SHA-256 of its key (see client-address.ts), never the address itself.
 * The rows live minutes: expired ones are deleted whenever a flow is opened or finished.
 */
function networkOf(address: string): string {
  return createHash('sha256').update(clientKey(address), 'utf8').digest('hex');
}

async function deleteExpired(trx: Transaction<Database>, at: Date) {
  await tablesOf<AccountTables>(trx)
    .deleteFrom('admin_ceremonies')
    .where('expires_at', '<=', at.toISOString())
    .execute();
}

/**
 * Unfinished passkey ceremonies, in the database, so that a flow opened by one
 * server can be finished by another. The browser holds a random flow id; the
 * database keeps only its SHA-256, like a session's token. Each flow can be
 * taken once: taking deletes it, in one statement, so two servers cannot both
 * finish it.
 */
export function createCeremonyFlows(storage: Pick<Storage, 'write' | 'lock'>, now: () => Date) {
  const write = storage.write.run;

  return {
    /** Opens a flow for a request from `address` (request.ip); returns its id, for the browser. */
    async open(address: string, flow: Flow): Promise<string> {
      const id = newToken();
      const at = now();
      const network = networkOf(address);
      await write(async (trx) => {
        // One network's flows are counted and trimmed one request at a time, across instances.
        await storage.lock(trx, `ceremonies:${network}`);
        await deleteExpired(trx, at);
        // The network's newest flows that stay; anything older goes to make room for this one.
        const oldestKept = await tablesOf<AccountTables>(trx)
          .selectFrom('admin_ceremonies')
          .select('id')
          .where('client_network', '=', network)
          .orderBy('id', 'desc')
          .limit(1)
          .offset(FLOWS_PER_NETWORK - 2)
          .executeTakeFirst();
        if (oldestKept) {
          await tablesOf<AccountTables>(trx)
            .deleteFrom('admin_ceremonies')
            .where('client_network', '=', network)
            .where('id', '<', oldestKept.id)
            .execute();
        }
        await tablesOf<AccountTables>(trx)
          .insertInto('admin_ceremonies')
          .values({
            flow_hash: hashToken(id),
            challenge: flow.challenge,
            purpose: flow.purpose,
            subject: flow.subject,
            user_handle: flow.userHandle ?? null,
            client_network: network,
            expires_at: new Date(at.getTime() + FLOW_TTL_MS).toISOString(),
          })
          .execute();
      });
      return id;
    },

    /** Takes the flow out (single use): undefined when it is unknown, already taken or too old. */
    async take(id: unknown): Promise<Flow | undefined> {
      if (!isTokenShape(id)) return undefined;
      const at = now();
      const row = await write(async (trx) => {
        const taken = await tablesOf<AccountTables>(trx)
          .deleteFrom('admin_ceremonies')
          .where('flow_hash', '=', hashToken(id))
          .returningAll()
          .executeTakeFirst();
        await deleteExpired(trx, at);
        return taken;
      });
      if (!row || row.expires_at <= at.toISOString()) return undefined;
      return {
        challenge: row.challenge,
        purpose: row.purpose,
        subject: row.subject,
        ...(row.user_handle ? { userHandle: row.user_handle } : {}),
      };
    },
  };
}

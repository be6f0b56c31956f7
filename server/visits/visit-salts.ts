import { createHash, randomBytes } from 'node:crypto';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from './visit-tables.ts';

/** The salt's size: 32 random bytes. */
const SALT_BYTES = 32;

/**
 * A visitor of a day: the hash of the day's salt, the client's address and its user agent (the scheme
 * Plausible documents). Without the salt, which is deleted once the day is over, no address can be
 * checked against it; 128 bits of the hash are plenty to tell a day's visitors apart.
 */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(salt)
    .update('\n')
    .update(address)
    .update('\n')
    .update(userAgent)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The days' salts, shared by every instance through visit_salts so that they hash a visitor alike:
 * the first instance to need a day's salt makes it, the others read it. Held in memory once known,
 * so counting a view never waits for the database.
 */
export function createSaltBook(storage: Storage) {
  const salts = new Map<string, string>();
  /** Salts of days already over that this process never knew: its own, never stored. */
  const ownSalts = new Map<string, string>();

  return {
    /** The day's salt, if this process knows it already. */
    known: (day: string): string | undefined => salts.get(day),

    /** The day's salt: made (32 random bytes) unless another instance made it first, then read. */
    async load(day: string): Promise<string> {
      const cached = salts.get(day);
      if (cached) return cached;
      const salt = await storage.write.run(async (trx) => {
        await tablesOf<VisitTables>(trx)
          .insertInto('visit_salts')
          .values({ day, salt: randomBytes(SALT_BYTES).toString('base64') })
          .onConflict((conflict) => conflict.column('day').doNothing())
          .execute();
        const row = await tablesOf<VisitTables>(trx)
          .selectFrom('visit_salts')
          .select('salt')
          .where('day', '=', day)
          .executeTakeFirstOrThrow();
        return row.salt;
      });
      salts.set(day, salt);
      return salt;
    },

    /**
     * A salt of this process's own, never stored: for a day already over whose stored salt it never
     * had (so that salt is never made again once deleted), or when too many views wait for the stored
     * one (the database down at midnight). Its visitors may then be counted once more by another instance.
     */
    ownSalt(day: string): string {
      let salt = salts.get(day) ?? ownSalts.get(day);
      if (!salt) ownSalts.set(day, (salt = randomBytes(SALT_BYTES).toString('base64')));
      return salt;
    },

    /** Forgets the salts of the days before `day`, here and (within the flush's write) in the database. */
    forgetBefore(day: string) {
      for (const known of [...salts.keys(), ...ownSalts.keys()]) {
        if (known < day) {
          salts.delete(known);
          ownSalts.delete(known);
        }
      }
    },
  };
}

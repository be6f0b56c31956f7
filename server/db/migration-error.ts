import { sql, type Kysely } from 'kysely';

/** SQLSTATE 42501, insufficient_privilege: "permission denied for schema public" and the like. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** The first error along the causes that carries a message (a driver's own, with its code). */
function rootCause(error: unknown): { message: string; code: string | undefined } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.message) {
      const code = (current as { code?: unknown }).code;
      return { message: current.message, code: typeof code === 'string' ? code : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Who is connected, to name them in the advice; undefined when even that cannot be asked. */
async function connectedAs<DB>(db: Kysely<DB>): Promise<{ role: string; database: string } | undefined> {
  try {
    const { rows } = await sql<{
      role: string;
      database: string;
    }>`select current_user as role, current_database() as database`.execute(db);
    return rows[0];
  } catch {
    return undefined;
  }
}

/**
 * What to do about a refused privilege: the role must own its database (PostgreSQL 15 gives only the
 * owner CREATE in schema public; CREATE EXTENSION pg_trgm, a trusted extension, needs the owner too).
 */
function privilegeAdvice(who: { role: string; database: string } | undefined, refused: string): string {
  const role = who ? `"${who.role}"` : 'the role of DATABASE_URL';
  const database = who ? `"${who.database}"` : 'its database';
  const owner = who
    ? `ALTER DATABASE ${database} OWNER TO ${role}`
    : 'ALTER DATABASE <database> OWNER TO <role>';
  const what = /schema/i.test(refused)
    ? `may not create tables in schema public of ${database}: since PostgreSQL 15 only the database's owner may`
    : `lacks a right on ${database} that the app needs (its tables, the pg_trgm extension): the database's owner has them`;
  return (
    ` The role ${role} ${what}. Make the role its owner, as PostgreSQL's superuser: ${owner};` +
    ` or create the database so: CREATE DATABASE <database> OWNER <role>. The app creates the pg_trgm` +
    ` extension itself. See docs/deploy.md.`
  );
}

/**
 * The error a failed migration throws: which migration, the database's own message and, on
 * PostgreSQL, its error code, and what to do when it is a right the role lacks. The cause is kept.
 */
export async function migrationError<DB>(
  migration: string | undefined,
  error: unknown,
  db: Kysely<DB> | undefined,
): Promise<Error> {
  const cause = rootCause(error);
  const code = cause?.code && /^[0-9A-Z]{5}$/.test(cause.code) ? cause.code : undefined;
  let message = `Database migration${migration ? ` ${migration}` : ''} failed`;
  if (cause) message += `: ${cause.message}`;
  if (code) message += ` (PostgreSQL error ${code})`;
  if (!message.endsWith('.')) message += '.';
  if (code === INSUFFICIENT_PRIVILEGE && db)
    message += privilegeAdvice(await connectedAs(db), cause?.message ?? '');
  return new Error(message, { cause: error });
}

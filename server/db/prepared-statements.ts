import { createHash } from 'node:crypto';
import type pg from 'pg';

/** The most statements one connection keeps prepared; beyond, its new statements are sent unnamed. */
const PREPARED_PER_CONNECTION = 100;
/** The most texts whose name (or refusal) is remembered, across connections. */
const REMEMBERED_TEXTS = 1_000;

/**
 * Whether a statement is worth preparing: a write the app sends again and again with other values
 * (a quote's insert). Not reads (a generic plan could suit one value badly), not lists of values
 * (`in ($1, $2, …)` makes a text per length), and not `*` (a column that another instance's migration
 * adds would change what a prepared statement returns, which PostgreSQL refuses).
 */
export function worthPreparing(text: string): boolean {
  return (
    /^(insert|update|delete|with) /i.test(text) &&
    !/ in \(\$/i.test(text) &&
    !/(select|returning|,)\s*("[^"]+"\.)?\*/i.test(text) &&
    (!/^with /i.test(text) || /\b(insert into|update|delete from) /i.test(text))
  );
}

/** The name a prepared text goes by (the same on every connection), or null when it is not prepared. */
const names = new Map<string, string | null>();
function nameOf(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    name = worthPreparing(text) ? `w${createHash('sha1').update(text).digest('base64url')}` : null;
    if (names.size >= REMEMBERED_TEXTS) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Names a connection's repeated writes by a hash of their text, so that pg prepares each once and
 * PostgreSQL parses and plans it once per connection rather than every time
 * (docs/decisions/044-one-statement-per-quote-prepared.md: a quote's
 * statement spent about a third of its time in PostgreSQL being planned). Kysely calls
 * `query(text, values)`; while `enabled()`, such a call becomes `query({ name, text, values })`.
 */
export function prepareRepeatedWrites(client: pg.PoolClient, enabled: () => boolean): void {
  // pg's own query, looked up at each call (so that a test's spy on it still sees every statement).
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown }).query.apply(client, args);
  const prepared = new Set<string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && enabled()) {
      const name = nameOf(text);
      if (name && (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}

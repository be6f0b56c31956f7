import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../config/config.ts';
import { api } from './admin-client.ts';
import { injectQuote } from './form-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

/** The inbox's API as the person signed in with this session cookie. */
export const callsAs =
  (app: FastifyInstance, config: Config) =>
  (cookie: string) =>
  (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie, ...(body === undefined ? {} : { body }) });

/** An account's id, by its email. */
export async function accountIdOf(app: FastifyInstance, email: string): Promise<number> {
  const row = await tablesOf<AccountTables>(app.storage.db)
    .selectFrom('admin_accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sends a quote from `name` through the form and returns its lead's id. */
export async function leadNamed(
  app: FastifyInstance,
  name: string,
  fields: Record<string, string> = {},
): Promise<number> {
  expect((await injectQuote(app, { name, ...fields })).body).toBe('success');
  const row = await tablesOf<LeadTables>(app.storage.db)
    .selectFrom('quote_requests')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

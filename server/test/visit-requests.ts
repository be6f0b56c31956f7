import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from '../visits/visit-tables.ts';

/** People and bots, each with an address and a user agent. */
export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** One GET (or another method) from an address with a user agent and more headers. */
export function visit(
  app: FastifyInstance,
  url: string,
  from: { ip: string; ua?: string },
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) {
  return app.inject({
    method,
    url,
    remoteAddress: from.ip,
    headers: { ...(from.ua ? { 'user-agent': from.ua } : {}), ...headers },
  });
}

/** Every visit table's rows, sorted, without the salts. */
export async function visitFigures(app: FastifyInstance) {
  const { db } = app.storage;
  const days = await tablesOf<VisitTables>(db).selectFrom('visit_days').selectAll().orderBy('day').execute();
  const pages = await tablesOf<VisitTables>(db)
    .selectFrom('visit_pages')
    .selectAll()
    .orderBy('day')
    .orderBy('path')
    .execute();
  const sources = await tablesOf<VisitTables>(db)
    .selectFrom('visit_sources')
    .selectAll()
    .orderBy('day')
    .orderBy('path')
    .orderBy('referrer')
    .orderBy('utm_source')
    .execute();
  return { days, pages, sources };
}

/** The days that have a salt in visit_salts, and the salts. */
export async function storedSalts(app: FastifyInstance) {
  return tablesOf<VisitTables>(app.storage.db).selectFrom('visit_salts').selectAll().orderBy('day').execute();
}

/** Flushes the app's visit counter (counting must be on). */
export async function flushVisits(app: FastifyInstance) {
  if (!app.visitCounter) throw new Error('visit counting is off');
  await app.visitCounter.flush();
}

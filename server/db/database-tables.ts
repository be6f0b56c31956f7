/**
 * Every table of the database, as Kysely sees it. Empty here: each part of
 * the server adds its own tables by declaration merging, e.g.
 *
 *   declare module '../db/database-tables.ts' {
 *     interface Database { quote_requests: QuoteRequestsTable }
 *   }
 *
 * so the core names no feature's table, and every query is still typed.
 * Times are ISO 8601 UTC strings (`Date.prototype.toISOString()`), which sort
 * as text in any SQL database.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Database {}

/**
 * The database as the core hands it out (Storage's `db`, every write's transaction): no table is
 * visible through it. Each feature (and each part of the core with tables: the outbox, the jobs) declares
 * its tables in its own folder and exports them only there (e.g. `LeadTables` in server/leads/), and
 * views the handle with them, `tablesOf<LeadTables>(trx)` (tables-of.ts), so that a query of another
 * feature's table does not compile. See docs/decisions/061-table-types-owned-by-their-feature.md.
 * Times are ISO 8601 UTC strings (`Date.prototype.toISOString()`), which sort
 * as text in any SQL database.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no table is named through the handle itself
export interface Database {}

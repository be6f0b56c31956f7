/**
 * Visits, counted without cookies (server/visits/): only daily totals per page are kept. No address,
 * no user agent and no visitor hash is ever written here: a visitor is recognised within one local
 * day (ADMIN_TIME_ZONE) by a hash made with that day's salt, in memory or in Redis, and only the
 * counts reach the database, in batches.
 */
/** A local day's totals for the whole site: visitors here are distinct across pages. */
interface VisitDaysTable {
  /** The local date in ADMIN_TIME_ZONE, "YYYY-MM-DD". */
  day: string;
  views: number;
  visitors: number;
}

/** A local day's totals for one public page (its path, e.g. "/services"). */
interface VisitPagesTable {
  day: string;
  path: string;
  views: number;
  visitors: number;
}

/**
 * Where a page's views of a day came from: the referrer's host ("google.com"), "direct" or "internal"
 * (common/dashboard-domain.ts), and the link's utm_source and utm_campaign ("" when it had none).
 */
interface VisitSourcesTable {
  day: string;
  path: string;
  referrer: string;
  utm_source: string;
  utm_campaign: string;
  views: number;
  visitors: number;
}

/**
 * The day's salt, shared by every instance so that they hash a visitor alike; a day's row is deleted
 * once the day is over, so a hash can never be made again (or checked against an address) afterwards.
 */
interface VisitSaltsTable {
  day: string;
  /** 32 random bytes, base64. */
  salt: string;
}

/** The visits' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface VisitTables {
  visit_days: VisitDaysTable;
  visit_pages: VisitPagesTable;
  visit_sources: VisitSourcesTable;
  visit_salts: VisitSaltsTable;
}

/**
 * The dashboard's vocabulary, shared by the server (which counts) and the inbox (which shows): the
 * periods of its picker and what a visit's source is called when there is no referrer.
 */

/** The period picker: the last 7 days, 30 days, 12 weeks, 12 months (in ADMIN_TIME_ZONE, today included). */
export const DASHBOARD_PERIODS = ['7d', '30d', '12w', '12m'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The period shown when none is picked. */
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';

/** How each period is named on the page and in its summaries ("in the last 30 days"). */
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '12w': '12 weeks',
  '12m': '12 months',
};

/** A visit's source when the request had no referrer (typed, bookmarked, an app, a privacy setting). */
export const DIRECT_SOURCE = 'direct';
/** A visit's source when the referrer was a page of this site (moving between our own pages). */
export const INTERNAL_SOURCE = 'internal';
/** A visit's source once a page's day already has its most sources (a referrer spammer fills no table). */
export const OTHER_SOURCE = 'other';

export interface SourcePageCount {
  sourcePage: string;
  count: number;
}

import { DIRECT_SOURCE, INTERNAL_SOURCE } from '../../common/dashboard-domain.ts';

/** Where a view came from, as kept in visit_sources. */
export interface VisitSource {
  /** The referrer's host ("google.com"), DIRECT_SOURCE or INTERNAL_SOURCE. */
  referrer: string;
  /** The link's utm_source and utm_campaign, "" when it had none. */
  utmSource: string;
  utmCampaign: string;
}

/** The longest referrer host or UTM value kept: longer is cut (no one fills a row with a novel). */
const SOURCE_FIELD_MAX = 100;

/**
 * A host as counted: lower case, without a leading "www." (www.google.com and google.com are one
 * source), without a trailing dot, cut to SOURCE_FIELD_MAX.
 */
export function sourceHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '')
    .slice(0, SOURCE_FIELD_MAX);
}

/** A UTM value as counted: trimmed, its case kept (as the link had it), cut to SOURCE_FIELD_MAX. */
function utmValue(value: string | null): string {
  return (value ?? '').trim().slice(0, SOURCE_FIELD_MAX);
}

/**
 * The referrer's source: "direct" when there is none (or it cannot be read), "internal" when it is a
 * page of this site (siteHost: SITE_URL's host, as sourceHost gives it), its host otherwise.
 */
export function referrerSource(referrer: string | undefined, siteHost: string): string {
  if (!referrer) return DIRECT_SOURCE;
  let host: string;
  try {
    host = new URL(referrer).hostname;
  } catch {
    return DIRECT_SOURCE;
  }
  if (!host) return DIRECT_SOURCE;
  const counted = sourceHost(host);
  return counted === siteHost ? INTERNAL_SOURCE : counted;
}

/** The UTM values of a query string ("?utm_source=x&…", with or without its "?"). */
export function utmOf(query: string): Pick<VisitSource, 'utmSource' | 'utmCampaign'> {
  if (!query.includes('utm_')) return { utmSource: '', utmCampaign: '' };
  const params = new URLSearchParams(query);
  return { utmSource: utmValue(params.get('utm_source')), utmCampaign: utmValue(params.get('utm_campaign')) };
}

/** The source of a view: its referrer and the UTM values of its address's query. */
export function visitSource(referrer: string | undefined, query: string, siteHost: string): VisitSource {
  return { referrer: referrerSource(referrer, siteHost), ...utmOf(query) };
}

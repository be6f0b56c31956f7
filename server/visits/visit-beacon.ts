/** Where the beacon posts (VISIT_BEACON=true); without the beacon, nothing answers there (404). */
export const VISIT_BEACON_PATH = '/api/visit';

/**
 * The beacon, inline in every public page when VISIT_BEACON=true: once the page is shown to someone
 * (a page prerendered by Speculation Rules waits for its activation), one sendBeacon with the page's
 * path, its referrer and its query (of which only utm_source and utm_campaign are read). It sets no
 * cookie and reads or writes no storage. The body is a string, so it goes as text/plain: no preflight.
 */
export const BEACON_SCRIPT =
  '(()=>{const s=()=>navigator.sendBeacon("' +
  VISIT_BEACON_PATH +
  '",JSON.stringify([location.pathname,document.referrer,location.search]));' +
  'document.prerendering?document.addEventListener("prerenderingchange",s,{once:!0}):s()})()';

/** A public page with the beacon: at the end of its head (before any other script runs late). */
export function withBeacon(html: string): string {
  const tag = `<script>${BEACON_SCRIPT}</script>`;
  const at = html.search(/<\/head>/i);
  if (at !== -1) return html.slice(0, at) + tag + html.slice(at);
  const body = html.search(/<\/body>/i);
  return body === -1 ? html + tag : html.slice(0, body) + tag + html.slice(body);
}

/** What a beacon's body says: [path, referrer, query], each a string; anything else is nothing. */
export function beaconView(body: unknown): { path: string; referrer: string; query: string } | undefined {
  if (typeof body !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const [path, referrer, query] = value as unknown[];
  if (typeof path !== 'string' || typeof referrer !== 'string' || typeof query !== 'string') return undefined;
  // "/about/" is the page "/about" (the site's own links never end in a slash, a typed address may).
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return { path: page, referrer, query };
}

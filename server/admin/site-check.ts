/** How long `admin invite` waits for the site's /healthz before it says nothing answers. */
const SITE_CHECK_MS = 2_000;

/** Why a request failed, in a few words: "connection refused", "no answer within 2 s"… */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND') return 'no such host';
  if ((error as Error).name === 'TimeoutError') return `no answer within ${SITE_CHECK_MS / 1000} s`;
  return cause?.code ?? (error as Error).message;
}

/**
 * Whether this site's server answers where an invitation link points (GET /healthz: 200
 * {"status":"ok"}); undefined when it does, else what the person should know. `heldBy`: the process of
 * a server running on this database (SQLite's lock file), named when it exists.
 */
export async function checkSite(
  siteUrl: string,
  { heldBy, timeoutMs = SITE_CHECK_MS }: { heldBy?: number | undefined; timeoutMs?: number } = {},
): Promise<string | undefined> {
  const fix =
    'Run this command with the PORT and SITE_URL the server has, or the link will not open the inbox.';
  const who = heldBy
    ? `The server running on this database (process ${heldBy}) does not answer`
    : 'No server of this site answers';
  try {
    const response = await fetch(new URL('/healthz', siteUrl), { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
    if (response.ok && body?.status === 'ok') return undefined;
    return `${who} at ${siteUrl}, where this link points: something else answered (GET /healthz: ${response.status}). ${fix}`;
  } catch (error) {
    return `${who} at ${siteUrl}, where this link points (${failureOf(error)}). ${fix}`;
  }
}

import type { Config } from '../config/config.ts';
import { createClamdScanner } from '../security/clamd-scanner.ts';

/**
 * How long /readyz and the inbox wait for clamd's PONG: under the 2 s a proxy's active check gives
 * /readyz (deploy/Caddyfile-several-instances), so a silent clamd never makes the instance look dead.
 */
export const SCANNER_PING_MS = 1_000;

/** The virus scanner (CLAMD_URL): "none" without it, "ok" when clamd answers PING in time, "unavailable" otherwise. */
export type ScannerStatus = 'none' | 'ok' | 'unavailable';

/** The scanner now, by clamd's PING (for /readyz and the inbox's banner). Never rejects. */
export function scannerStatus(config: Pick<Config, 'attachments'>): () => Promise<ScannerStatus> {
  const { clamdUrl } = config.attachments;
  const scanner = clamdUrl ? createClamdScanner(clamdUrl, { timeoutMs: SCANNER_PING_MS }) : undefined;
  return async () => (scanner ? ((await scanner.ping()) ? 'ok' : 'unavailable') : 'none');
}

/**
 * /readyz's `scanner`: only reported, never "not ready" (quotes are still taken, their files held as
 * "not scanned yet" until clamd answers).
 */
export function scannerReadiness({ config }: { config: Pick<Config, 'attachments'> }) {
  const status = scannerStatus(config);
  return async () => ({ scanner: await status() });
}

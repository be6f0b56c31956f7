import type { Storage } from '../db/database.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';

/** Whether a URL may be an integration's, and why not. */
export type UrlVerdict = { ok: true } | { ok: false; reason: string };

/**
 * What the Settings routes ask of the delivery side: checking a URL before it is saved, and sending a
 * test event at once.
 */
export interface IntegrationServices {
  /**
   * https (in production), and resolving to public addresses only (unless WEBHOOK_ALLOW_PRIVATE); the
   * reason is a sentence for the person who typed the URL.
   */
  checkUrl(url: string): Promise<UrlVerdict>;
  /** Sends a test event to the integration now, records the attempt in its delivery log and returns it. */
  sendTest(integration: IntegrationRow, at: Date): Promise<IntegrationDeliveryRow>;
}

export interface IntegrationServicesOptions {
  storage: Pick<Storage, 'db' | 'write' | 'dialect'>;
}

/** STUB (being built by the delivery side). */
export function createIntegrationServices(_options: IntegrationServicesOptions): IntegrationServices {
  return {
    async checkUrl() {
      return { ok: true };
    },
    async sendTest() {
      throw new Error('Test events are being built.');
    },
  };
}

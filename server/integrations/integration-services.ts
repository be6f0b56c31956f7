import { inboxPaths } from '../../common/inbox-paths.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Storage } from '../db/database.ts';
import { createHttpSender, type HttpSender } from './http-sender.ts';
import type { IntegrationPayload } from './integration-payloads.ts';
import { logDelivery } from './integration-kind.ts';
import { integrationRequest } from './integration-request.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';
import type { UrlVerdict } from './url-check.ts';
import { newWebhookMessageId } from './webhook-signature.ts';

/**
 * What the Settings routes ask of the delivery side: checking a URL before it is saved, and sending a
 * test event at once.
 */
export interface IntegrationServices {
  /**
   * https (in production; with WEBHOOK_ALLOW_PRIVATE, plain http to private addresses only), and
   * resolving to public addresses only (unless WEBHOOK_ALLOW_PRIVATE); the reason is a sentence for
   * the person who typed the URL.
   */
  checkUrl(url: string): Promise<UrlVerdict>;
  /** Sends a test event to the integration now, records the attempt in its delivery log and returns it. */
  sendTest(integration: IntegrationRow, at: Date): Promise<IntegrationDeliveryRow>;
}

export interface IntegrationServicesOptions {
  storage: Pick<Storage, 'db' | 'write' | 'claimable' | 'lockedForUpdate'>;
  /** SITE_URL, for the inbox links (default http://localhost). */
  siteUrl?: string;
  /** How requests leave (WEBHOOK_ALLOW_PRIVATE, production's https rule); default: public addresses only. */
  sender?: HttpSender;
}

/** A lead.created that says it is a test: sample data, no lead behind it, `"test": true`. */
function testEventPayload(siteUrl: string, at: Date): IntegrationPayload {
  const sample = sampleQuote();
  return {
    type: 'lead.created',
    timestamp: at.toISOString(),
    data: {
      reference: 'Q-TEST00',
      name: `${sample.name} (sample)`,
      email: sample.email,
      phone: sample.phone,
      message: `This is a test event from the inbox's Settings. ${sample.message}`,
      page: '/',
      received_at: at.toISOString(),
      inbox_url: new URL(inboxPaths.leads, siteUrl).toString(),
      attachments: [{ name: 'brief (sample).pdf', size: 245_760 }],
      test: true,
    },
  };
}

export function createIntegrationServices(options: IntegrationServicesOptions): IntegrationServices {
  const siteUrl = options.siteUrl ?? 'http://localhost';
  const sender = options.sender ?? createHttpSender({ allowPrivate: false, production: false });
  return {
    checkUrl: (url) => sender.checkUrl(url),

    async sendTest(integration, at) {
      const request = integrationRequest(
        integration,
        testEventPayload(siteUrl, at),
        newWebhookMessageId(),
        at,
      );
      const attempt = await sender.post(request);
      return options.storage.write.run((trx) =>
        logDelivery(trx, {
          integration_id: integration.id,
          quote_request_id: null,
          outbox_id: null,
          event_type: 'lead.created',
          test: 1,
          at: new Date(at.getTime() + attempt.durationMs).toISOString(),
          status_code: attempt.status ?? null,
          duration_ms: attempt.durationMs,
          ok: attempt.ok ? 1 : 0,
          error: attempt.ok ? null : (attempt.error ?? 'The request failed.'),
        }),
      );
    },
  };
}

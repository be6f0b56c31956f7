import type { FastifyInstance } from 'fastify';
import {
  type DeliveryAttempt,
  type Integration,
  settingsEndpoints,
} from '../../common/inbox-api/settings-endpoints.ts';
import { integrationKindLabels } from '../../common/integration-domain.ts';
import type { IntegrationRepository } from './integration-repository.ts';
import type { IntegrationServices } from './integration-services.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';
import { maskedUrl } from './masked-url.ts';
import { newSigningSecret } from './signing-secret.ts';
import type { ActivityLog, NewActivity } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface IntegrationRoutesOptions {
  integrationServices: IntegrationServices;
  integrations: IntegrationRepository;
  activity: ActivityLog;
  now: () => Date;
}

/** How the inbox names an integration where its URL must not appear: "Slack integration #3". */
export const integrationName = (row: Pick<IntegrationRow, 'id' | 'kind'>) =>
  `${row.kind === 'webhook' ? 'Webhook' : integrationKindLabels[row.kind]} integration #${row.id}`;

function deliveryAttempt(row: IntegrationDeliveryRow): DeliveryAttempt {
  return {
    id: row.id,
    at: row.at,
    event: row.event_type,
    test: row.test === 1,
    leadId: row.quote_request_id,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    ok: row.ok === 1,
    error: row.error,
  };
}

/** An integration as the inbox sees it after it was made: never its URL in full, never its secret. */
function integration(row: IntegrationRow, last: IntegrationDeliveryRow | undefined, at: Date): Integration {
  // The old secret signs beside the new one only until then; afterwards there is nothing to say.
  const previousUntil = row.previous_secret === null ? null : row.previous_secret_until;
  return {
    id: row.id,
    kind: row.kind,
    maskedUrl: maskedUrl(row.url),
    enabled: row.enabled === 1,
    disabledReason: row.enabled === 1 ? null : row.disabled_reason,
    createdAt: row.created_at,
    createdBy: row.created_by,
    previousSecretUntil: previousUntil !== null && previousUntil > at.toISOString() ? previousUntil : null,
    lastDelivery: last ? deliveryAttempt(last) : null,
  };
}

/** The answer to a URL the delivery side refuses (not https in production, not a public address). */
const invalidUrl = (reason: string) => new ApiProblem(400, 'invalid-url', reason, { url: reason });

/** What the integration routes share: the log, an integration as the inbox sees it, found or a 404. */
function integrationHelpers(options: IntegrationRoutesOptions) {
  const { integrations, integrationServices, activity, now } = options;
  return {
    record: (entry: Omit<NewActivity, 'actor'>, actor: string) => activity.record({ actor, ...entry }, now()),
    async view(row: IntegrationRow): Promise<Integration> {
      return integration(row, (await integrations.lastDeliveries([row.id])).get(row.id), now());
    },
    async found(id: number): Promise<IntegrationRow> {
      const row = await integrations.get(id);
      if (!row) throw notFound('This integration');
      return row;
    },
    async checked(url: string): Promise<string> {
      const verdict = await integrationServices.checkUrl(url);
      if (!verdict.ok) throw invalidUrl(verdict.reason);
      return url;
    },
  };
}

/**
 * Settings → Integrations: added, changed, removed (each in the activity log, by its kind and number,
 * never its URL or secret); their secret, tests and deliveries in integrationDeliveryRoutes.
 */
export async function integrationRoutes(app: FastifyInstance, options: IntegrationRoutesOptions) {
  const { integrations, now } = options;
  const { record, view, found, checked } = integrationHelpers(options);

  registerEndpoint(app, settingsEndpoints.integrations, async () => {
    const rows = await integrations.list();
    const last = await integrations.lastDeliveries(rows.map((row) => row.id));
    return { integrations: rows.map((row) => integration(row, last.get(row.id), now())) };
  });

  registerEndpoint(app, settingsEndpoints.addIntegration, async ({ body: { kind, url }, staff }) => {
    const secret = kind === 'webhook' ? newSigningSecret() : null;
    const row = await integrations.add({ kind, url: await checked(url), secret }, staff.account.email, now());
    const article = kind === 'webhook' ? 'a webhook' : `a ${integrationKindLabels[kind]}`;
    await record(
      { action: 'integration-added', summary: `Added ${article} integration (#${row.id})` },
      staff.account.email,
    );
    // The one time the full URL and the secret are answered.
    return { integration: integration(row, undefined, now()), url: row.url, secret };
  });

  registerEndpoint(app, settingsEndpoints.updateIntegration, async ({ params: { id }, body, staff }) => {
    const before = await found(id);
    const url = body.url !== undefined && body.url !== before.url ? await checked(body.url) : undefined;
    const row = await integrations.update(id, { url, enabled: body.enabled }, staff.account.email, now());
    if (!row) throw notFound('This integration');
    const changes = [
      ...(url !== undefined ? ['changed its URL'] : []),
      ...(row.enabled !== before.enabled ? [row.enabled === 1 ? 'turned it on' : 'turned it off'] : []),
    ];
    if (changes.length > 0)
      await record(
        { action: 'integration-changed', summary: `${integrationName(row)}: ${changes.join(', ')}` },
        staff.account.email,
      );
    return { integration: await view(row), url: url ?? null };
  });

  registerEndpoint(app, settingsEndpoints.removeIntegration, async ({ params: { id }, staff }) => {
    const row = await found(id);
    if (!(await integrations.remove(id))) throw notFound('This integration');
    await record(
      { action: 'integration-removed', summary: `Removed ${integrationName(row)}` },
      staff.account.email,
    );
  });
}

/** An integration's signing secret rotated, a test event sent, its recent deliveries. */
export async function integrationDeliveryRoutes(app: FastifyInstance, options: IntegrationRoutesOptions) {
  const { integrations, integrationServices, now } = options;
  const { record, view, found } = integrationHelpers(options);

  registerEndpoint(app, settingsEndpoints.rotateSecret, async ({ params: { id }, staff }) => {
    const secret = newSigningSecret();
    const row = await integrations.rotateSecret(id, secret, now());
    if (!row) throw notFound('This integration');
    if (row === 'not-a-webhook')
      throw new ApiProblem(
        409,
        'not-a-webhook',
        'Only a webhook has a signing secret; a Slack or Teams URL is changed by giving a new one.',
      );
    await record(
      {
        action: 'integration-secret-rotated',
        summary: `${integrationName(row)}: rotated its signing secret`,
      },
      staff.account.email,
    );
    return { integration: await view(row), secret };
  });

  registerEndpoint(app, settingsEndpoints.sendTest, async ({ params: { id }, staff }) => {
    const row = await found(id);
    const attempt = await integrationServices.sendTest(row, now());
    const outcome = attempt.ok === 1 ? 'delivered' : 'failed';
    const status = attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`;
    await record(
      {
        action: 'integration-tested',
        summary: `${integrationName(row)}: sent a test event (${outcome}, ${status})`,
      },
      staff.account.email,
    );
    return { delivery: deliveryAttempt(attempt) };
  });

  registerEndpoint(app, settingsEndpoints.deliveries, async ({ params: { id } }) => {
    await found(id);
    return { deliveries: (await integrations.deliveries(id)).map(deliveryAttempt) };
  });
}

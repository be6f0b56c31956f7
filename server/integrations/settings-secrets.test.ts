import { describe, expect, it, vi } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { testApp } from '../test/test-app.ts';

// The delivery side stands in (see fake-integration-services.ts): nothing leaves the machine.
vi.mock('./integration-services.ts', () => import('../test/fake-integration-services.ts'));

const SLACK_URL = 'https://hooks.slack.com/services/T0SLACKWS/B0CHANNEL/SlackToken0123456789ab';
const TEAMS_URL =
  'https://prod-01.westus.logic.azure.com:443/workflows/flow0123/triggers/manual/paths/invoke?api-version=2016-06-01&sig=TeamsSig0123456789abcdef';
const WEBHOOK_URL = 'https://user:HookPassword99@crm.example.com/hooks/leads?key=HookKey0123456789';
const NEW_SLACK_URL = 'https://hooks.slack.com/services/T0SLACKWS/B0CHANNEL/NewSlackToken98765zz';

/**
 * What must never be found anywhere but in the one answer that made it: a secret, or a URL whole, and
 * the long parts of its path and query and its password (its host may be shown).
 */
function secretParts(text: string): string[] {
  if (!text.startsWith('https://')) return [text, text.slice(6, 26)];
  const url = new URL(text);
  const rest = `${url.pathname}${url.search}`.split(/[/?&=]/).filter((part) => part.length >= 12);
  return [text, ...rest, ...(url.password ? [url.password] : [])];
}

describe('integration secrets', () => {
  it('appear in no log line, activity entry, CSV export or /readyz', async () => {
    const lines: string[] = [];
    const { app, config } = await testApp({
      env: { LOG_LEVEL: 'debug' },
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    const staff = await staffMember(app, config);
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
      api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });

    const secrets: string[] = [SLACK_URL, TEAMS_URL, WEBHOOK_URL, NEW_SLACK_URL];
    for (const [kind, url] of [
      ['slack', SLACK_URL],
      ['teams', TEAMS_URL],
      ['webhook', WEBHOOK_URL],
    ] as const) {
      const added = await call('POST', '/settings/integrations', { kind, url });
      expect(added.statusCode).toBe(200);
      if (added.json().secret) secrets.push(added.json().secret as string);
    }
    // Refused, changed, rotated, tested, turned off: every path that handles a URL or a secret.
    await call('POST', '/settings/integrations', { kind: 'slack', url: `${SLACK_URL}private` });
    await call('POST', '/settings/integrations/1', { url: NEW_SLACK_URL });
    const rotated = await call('POST', '/settings/integrations/3/rotate-secret', {});
    secrets.push(rotated.json().secret as string);
    for (const id of [1, 2, 3]) await call('POST', `/settings/integrations/${id}/test`, {});
    await call('POST', '/settings/integrations/2', { enabled: false });
    await injectQuote(app);

    const places: Record<string, string> = {
      'the log': lines.join('\n'),
      'the activity log': (await call('GET', '/activity')).body,
      'the leads CSV': (await call('GET', '/leads/export.csv?view=all')).body,
      '/readyz': (await app.inject({ url: '/readyz', remoteAddress: '127.0.0.1' })).body,
      'the integrations list': (await call('GET', '/settings/integrations')).body,
      'the delivery logs': (
        await Promise.all([1, 2, 3].map((id) => call('GET', `/settings/integrations/${id}/deliveries`)))
      )
        .map((reply) => reply.body)
        .join('\n'),
      'the outbox view': (await call('GET', '/outbox?status=pending')).body,
      "the lead's page": (await call('GET', '/leads/1')).body,
    };
    expect(lines.some((line) => line.includes('/admin/api/settings/integrations'))).toBe(true);
    expect(places['the activity log']).toContain('integration-added');
    for (const [place, text] of Object.entries(places))
      for (const secret of secrets.flatMap(secretParts))
        expect(text.includes(secret), `${place} holds "${secret}"`).toBe(false);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryAttempt, Integration } from '../../../common/inbox-api/settings-endpoints';
import Settings, { clientAction, clientLoader, shouldRevalidate } from './settings';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** 12:03 pm in Asia/Kolkata, on the day the tests pretend it is. */
const at = '2026-11-26T06:33:00.000Z';

const delivered: DeliveryAttempt = {
  id: 41,
  at,
  event: 'lead.created',
  test: false,
  leadId: 12,
  statusCode: 200,
  durationMs: 143,
  ok: true,
  error: null,
};

const slack: Integration = {
  id: 3,
  kind: 'slack',
  maskedUrl: 'https://hooks.slack.com/services/T0…/…4f2a',
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  createdBy: 'meera@acme.example',
  previousSecretUntil: null,
  lastDelivery: delivered,
};

const webhook: Integration = {
  ...slack,
  id: 4,
  kind: 'webhook',
  maskedUrl: 'https://crm.example/hooks/…',
  enabled: false,
  disabledReason: 'The receiver answered 410 Gone.',
  lastDelivery: { ...delivered, id: 42, statusCode: 410, durationMs: 88, ok: false, error: '410 Gone' },
};

const autoReply = {
  enabled: true,
  text: 'Thank you for writing to us. We will answer within a working day.',
  updatedAt: null,
  updatedBy: null,
};

type Handler = (init: RequestInit | undefined) => Response;

/** The settings API as the server answers it; `overrides` answers some calls otherwise. */
function server(overrides: Record<string, Handler> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace('/admin/api', '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const override = overrides[key];
    if (override) return override(init);
    if (key === 'GET /settings/integrations') return json(200, { integrations: [slack, webhook] });
    if (key === 'GET /settings/auto-reply') return json(200, autoReply);
    if (key === 'GET /saved-replies') return json(200, { savedReplies: [] });
    if (key === 'GET /settings/assignment') return json(200, { mode: 'unassigned' });
    return json(404, { error: 'not-found', message: 'Not here.' });
  });
}

const sent = (key: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).replace('/admin/api', '')}` === key)
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as unknown);

function Page() {
  const loaderData = useLoaderData<typeof clientLoader>();
  return <Settings {...({ loaderData } as Parameters<typeof Settings>[0])} />;
}

async function show() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/settings',
        Component: Page,
        loader: clientLoader as never,
        action: clientAction as never,
        shouldRevalidate,
      },
    ],
    { initialEntries: ['/admin/settings'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
}

const integrationItem = (heading: RegExp) =>
  screen.getByRole('heading', { name: heading, level: 3 }).closest('li') as HTMLElement;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T08:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the integrations', () => {
  it('shows each one masked, whether it is on, why it was turned off and how its latest delivery went', async () => {
    server();
    await show();
    const slackItem = integrationItem(/^Slack #3/);
    expect(slackItem).toHaveTextContent('https://hooks.slack.com/services/T0…/…4f2a');
    expect(slackItem).toHaveTextContent('✓ 200 · 143 ms · 12:03 pm');
    expect(within(slackItem).queryByRole('button', { name: /Rotate secret/ })).toBeNull();
    const hook = integrationItem(/^Webhook \(JSON\) #4/);
    expect(hook).toHaveTextContent('Turned off: the receiver answered 410 Gone.');
    expect(hook).toHaveTextContent('✗ 410 · 88 ms · 12:03 pm');
    expect(within(hook).getByRole('button', { name: 'Turn on Webhook (JSON) #4' })).toBeInTheDocument();
    expect(
      within(hook).getByRole('button', { name: 'Rotate secret of Webhook (JSON) #4' }),
    ).toBeInTheDocument();
  });

  it('“Send test event” says how it went, politely, beside the button', async () => {
    server({
      'POST /settings/integrations/3/test': () =>
        json(200, { delivery: { ...delivered, id: 50, test: true, leadId: null } }),
    });
    await show();
    const item = integrationItem(/^Slack #3/);
    fireEvent.click(within(item).getByRole('button', { name: 'Send test event to Slack #3' }));
    const said = await within(item).findByText(/Test event delivered/);
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(said).toHaveTextContent('Test event delivered: ✓ 200 · 143 ms · 12:03 pm');
  });

  it('“Rotate secret” asks first, then shows the new secret once and says the old one signs for 24 hours', async () => {
    server({
      'POST /settings/integrations/4/rotate-secret': () =>
        json(200, { integration: webhook, secret: 'whsec_bmV3LXNlY3JldA==' }),
    });
    await show();
    const item = integrationItem(/^Webhook \(JSON\) #4/);
    fireEvent.click(within(item).getByRole('button', { name: 'Rotate secret of Webhook (JSON) #4' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the signing secret?', hidden: true });
    expect(dialog).toHaveTextContent('keeps signing beside it for 24 hours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret', hidden: true }));
    const panel = await screen.findByRole('region', { name: /Copy this now/ });
    expect(panel).toHaveTextContent('whsec_bmV3LXNlY3JldA==');
    expect(panel).toHaveTextContent('You will not see this again');
    expect(panel).toHaveTextContent('The old secret keeps signing beside this one for 24 hours.');
  });

  it('the delivery log lists each attempt when opened, test events marked', async () => {
    server({
      'GET /settings/integrations/3/deliveries': () =>
        json(200, {
          deliveries: [
            { ...delivered, id: 50, test: true, leadId: null },
            {
              ...delivered,
              id: 49,
              statusCode: null,
              durationMs: null,
              ok: false,
              error: 'Timed out after 10 s.',
            },
          ],
        }),
    });
    await show();
    const item = integrationItem(/^Slack #3/);
    const details = within(item).getByText('Delivery log').closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const table = await within(item).findByRole('table', { name: 'Delivery log of Slack #3' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('lead.createdTest');
    expect(rows[2]).toHaveTextContent('No answer');
    expect(rows[2]).toHaveTextContent('Timed out after 10 s.');
  });
});

describe('adding an integration', () => {
  function add(kind: string, url: string) {
    const form = screen.getByRole('region', { name: 'Add integration' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Kind' }), { target: { value: kind } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'URL' }), { target: { value: url } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add integration' }));
  }

  it('shows the full URL and the secret once, with Copy, and empties the form', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server({
      'POST /settings/integrations': () =>
        json(200, {
          integration: { ...webhook, id: 5, enabled: true, disabledReason: null },
          url: 'https://crm.example/hooks/lead-in',
          secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
        }),
    });
    await show();
    add('webhook', 'https://crm.example/hooks/lead-in');
    const panel = await screen.findByRole('region', { name: /Copy this now: Webhook \(JSON\) added/ });
    expect(panel).toHaveTextContent('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    expect(panel).toHaveTextContent('You will not see this again');
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy signing secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0LXNpZ25pbmcta2V5'));
    expect(await within(panel).findByText('Copied')).toBeInTheDocument();
    expect(sent('POST /settings/integrations')).toEqual([
      { kind: 'webhook', url: 'https://crm.example/hooks/lead-in' },
    ]);
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('');
  });

  it('shows the server’s refusal of the URL at the URL field', async () => {
    server({
      'POST /settings/integrations': () =>
        json(400, {
          error: 'invalid-url',
          message: 'Check the URL.',
          fields: { url: 'This address is on a private network: the server will not post to it.' },
        }),
    });
    await show();
    add('slack', 'https://10.0.0.5/hook');
    const url = screen.getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/This address is on a private network/);
    expect(url).toHaveFocus();
    expect(screen.queryByRole('region', { name: /Copy this now/ })).toBeNull();
  });
});

describe('the auto-reply', () => {
  it('refuses an empty text with the contract’s message, without asking the server', async () => {
    server();
    await show();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Write the text of the auto-reply.')).toBeInTheDocument();
    expect(sent('POST /settings/auto-reply')).toEqual([]);
  });

  it('previews the email with the reference added, and saves on and off with the text', async () => {
    server({
      'POST /settings/auto-reply/preview': () =>
        json(200, {
          subject: 'We got your request (Q-7F3K9C)',
          text: 'Thanks, we will call you.\n\nYour reference: Q-7F3K9C',
        }),
      'POST /settings/auto-reply': (init) =>
        json(200, { ...autoReply, ...(JSON.parse(String(init?.body)) as object) }),
    });
    await show();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Thanks, we will call you.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('We got your request (Q-7F3K9C)');
    expect(preview).toHaveTextContent('Your reference: Q-7F3K9C');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send an auto-reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Auto-reply saved.')).toBeInTheDocument();
    expect(sent('POST /settings/auto-reply')).toEqual([
      { enabled: false, text: 'Thanks, we will call you.' },
    ]);
  });
});

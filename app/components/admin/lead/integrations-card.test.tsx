import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationDelivery } from '../../../../common/inbox-api/lead-schemas';
import { IntegrationsCard } from './integrations-card';

function show(deliveries: IntegrationDelivery[] | undefined) {
  const router = createMemoryRouter([{ path: '/', element: <IntegrationsCard deliveries={deliveries} /> }]);
  render(<RouterProvider router={router} />);
}

const base: IntegrationDelivery = {
  integrationId: 3,
  kind: 'slack',
  event: 'lead.created',
  state: 'delivered',
  deliveredAt: '2026-11-26T06:33:00.000Z',
  nextAttemptAt: null,
  attempts: 1,
  lastError: null,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('a lead’s deliveries to integrations', () => {
  it('shows each one short, in the company’s time zone: delivered, and waiting with its next try', () => {
    show([
      base,
      {
        ...base,
        integrationId: 4,
        kind: 'webhook',
        state: 'waiting',
        deliveredAt: null,
        nextAttemptAt: '2026-11-26T07:05:00.000Z',
        attempts: 2,
        lastError: 'The receiver answered 503.',
      },
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Slack ✓ delivered 12:03 pm$/);
    expect(items[1]).toHaveTextContent('Webhook: waiting, next try 12:35 pm, after 2 failed attempts');
    expect(items[1]).toHaveTextContent('The receiver answered 503.');
  });

  it('a dead one shows its error and a way to the Outbox to retry it', () => {
    show([
      { ...base, kind: 'teams', state: 'dead', deliveredAt: null, attempts: 10, lastError: 'Timed out.' },
    ]);
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Teams ✗ not delivered: the server gave up after 10 attempts.',
    );
    expect(screen.getByText('Timed out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry it in the Outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox?status=dead',
    );
  });

  it('shows nothing when nothing was sent to an integration', () => {
    show([]);
    expect(screen.queryByRole('heading', { name: 'Integrations' })).toBeNull();
  });
});

describe('a lead from a server that does not give its deliveries', () => {
  it('shows nothing rather than breaking the page', () => {
    show(undefined);
    expect(screen.queryByRole('heading', { name: 'Integrations' })).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignFailure } from '../../../../common/inbox-api/campaign-endpoints';
import { CampaignActions, CampaignFailures, CampaignProgress } from './campaign-progress';
import { campaignOf } from './campaign-test-data';

function show(campaign: Campaign, failures: CampaignFailure[] = []) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <CampaignActions campaign={campaign} />
          <CampaignProgress campaign={campaign} />
          <CampaignFailures failures={failures} total={failures.length} timeZone="Asia/Kolkata" />
        </>
      ),
      action: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

const sending = campaignOf({
  status: 'sending',
  startedAt: '2026-11-26T10:00:00.000Z',
  progress: {
    recipients: 1200,
    sent: 780,
    waiting: 400,
    failed: 20,
    bounced: 5,
    unsubscribedSince: 2,
    ratePerMinute: 60,
    secondsLeft: 400,
  },
});

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a campaign’s progress', () => {
  it('shows sent of total, failed, bounced, waiting and the time left at the current rate', () => {
    show(sending);
    expect(screen.getByText('780 of 1,200 recipients sent')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Sent' });
    expect(bar).toHaveAttribute('aria-valuenow', '780');
    expect(bar).toHaveAttribute('aria-valuemax', '1200');
    expect(figure('Failed')).toBe('20');
    expect(figure('Bounced')).toBe('5');
    expect(figure('Waiting')).toBe('400');
    expect(figure('Time left')).toBe('about 7 minutes at 60 a minute');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeInTheDocument();
  });

  it('after sending, shows the result with those who unsubscribed since', () => {
    show(
      campaignOf({
        status: 'sent',
        progress: { ...sending.progress, sent: 1180, waiting: 0, secondsLeft: null },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Result' })).toBeInTheDocument();
    expect(figure('Unsubscribed since')).toBe('2');
    expect(screen.queryByText('Time left')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('offers Resume when paused', () => {
    show(campaignOf({ ...sending, status: 'paused' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('lists each failed recipient with its error and attempts, and offers to retry the ones not bounced', () => {
    show(sending, [
      {
        email: 'gone@example.com',
        error: '550 5.1.1 No such user',
        attempts: 1,
        at: '2026-11-26T10:05:00.000Z',
        bounced: true,
        retrying: false,
      },
      {
        email: 'busy@example.com',
        error: '421 Try again later',
        attempts: 3,
        at: '2026-11-26T10:06:00.000Z',
        bounced: false,
        retrying: true,
      },
    ]);
    const list = screen.getByRole('list', { name: 'Failed recipients' });
    const [gone, busy] = within(list).getAllByRole('listitem');
    expect(gone).toHaveTextContent('gone@example.com');
    expect(gone).toHaveTextContent('Bounced');
    expect(gone).toHaveTextContent('550 5.1.1 No such user');
    expect(busy).toHaveTextContent('3 attempts, last 26 Nov 2026, 3:36 pm');
    expect(screen.getByRole('button', { name: 'Retry failed' })).toBeInTheDocument();
  });
});

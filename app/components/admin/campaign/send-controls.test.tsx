import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SendControls } from './send-controls';

function show(audience: number, options: { saved?: boolean; scheduledAt?: string } = {}) {
  const status = options.scheduledAt ? 'scheduled' : 'draft';
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <SendControls
          campaign={{ status, scheduledAt: options.scheduledAt ?? null }}
          version={4}
          saved={options.saved ?? true}
          audience={audience}
          timeZone="Asia/Kolkata"
        />
      ),
      action: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

/** The dialog a button opens, and its confirm button (the dialog is in the page, closed, until then). */
function confirmOf(trigger: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: trigger }));
  const dialog = screen.getByRole('dialog', { name: title, hidden: true });
  return within(dialog).getByRole('button', { name: /^Send to/, hidden: true });
}

describe('sending a campaign asks first, saying to how many', () => {
  it('“Send now” confirms with “Send to N subscribers”', () => {
    show(1204);
    expect(confirmOf('Send now', 'Send this campaign now?')).toHaveTextContent(/^Send to 1,204 subscribers$/);
  });

  it('says “subscriber” for one', () => {
    show(1);
    expect(confirmOf('Send now', 'Send this campaign now?')).toHaveTextContent(/^Send to 1 subscriber$/);
  });

  it('“Schedule” needs a date and time in the company’s zone, and confirms with the same words', () => {
    show(3);
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Date and time (Asia/Kolkata)'), {
      target: { value: '2026-12-01T10:00' },
    });
    expect(schedule).toBeEnabled();
    const confirm = confirmOf('Schedule', 'Schedule this campaign?');
    expect(confirm).toHaveTextContent(/^Send to 3 subscribers$/);
    const dialog = screen.getByRole('dialog', { name: 'Schedule this campaign?', hidden: true });
    expect(dialog).toHaveTextContent('1 Dec 2026, 10:00 am (Asia/Kolkata)');
  });

  it('cannot send while the draft is unsaved, and says why', () => {
    show(3, { saved: false });
    expect(screen.getByRole('button', { name: 'Send now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveAccessibleDescription(
      'Wait until the draft is saved.',
    );
  });

  it('refuses to send to nobody', () => {
    show(0);
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveAccessibleDescription(
      'There are no confirmed subscribers to send to yet.',
    );
  });

  it('shows when a scheduled campaign goes, with Unschedule', () => {
    show(3, { scheduledAt: '2026-12-01T04:30:00.000Z' });
    expect(screen.getByText(/Scheduled for/)).toHaveTextContent(
      'Scheduled for 1 Dec 2026, 10:00 am (Asia/Kolkata)',
    );
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeInTheDocument();
  });
});

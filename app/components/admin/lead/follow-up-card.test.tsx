import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LeadFollowUp } from '../../../../common/inbox-api/follow-up-endpoints';
import { FollowUpCard } from './follow-up-card';

/** The card on a page whose action records what was posted. */
function show(followUp: LeadFollowUp) {
  const posted = vi.fn<(form: Record<string, string>) => void>();
  const router = createMemoryRouter([
    {
      path: '/',
      element: <FollowUpCard followUp={followUp} />,
      action: async ({ request }) => {
        posted(Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)])));
        return { done: 'Follow-up set.' };
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return { posted };
}

const dateField = () => screen.getByLabelText<HTMLInputElement>('Follow up on');

describe("the lead's follow-up form", () => {
  // Wednesday 25 November 2026.
  const today = '2026-11-25';

  it('fills the date from the quick choices, written as the inbox writes dates: tomorrow, in 3 days, next week', () => {
    show({ on: null, today });
    expect(screen.getByText('No follow-up set.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(dateField().value).toBe('Thu 26 Nov');
    fireEvent.click(screen.getByRole('button', { name: 'In 3 days' }));
    expect(dateField().value).toBe('Sat 28 Nov');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(dateField().value).toBe('Mon 30 Nov');
  });

  it('reads a day typed as the inbox writes it, writes it back so, and posts it as a date', async () => {
    const { posted } = show({ on: null, today });
    // Not a date control: its format would be the browser's ("11/30/2026"), beside the inbox's "30 Nov".
    expect(dateField()).toHaveAttribute('type', 'text');
    expect(dateField()).toHaveAccessibleDescription('For example 30 Nov, or 30 Nov 2027.');
    fireEvent.change(dateField(), { target: { value: '3 jan' } });
    fireEvent.blur(dateField());
    expect(dateField().value).toBe('Sun 3 Jan 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Set follow-up' }));
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ intent: 'follow-up', on: '2027-01-03' }));
  });

  it('says so, and posts nothing, when what is typed is no day', async () => {
    const { posted } = show({ on: null, today });
    fireEvent.change(dateField(), { target: { value: '31 Nov' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set follow-up' }));
    expect(dateField()).toHaveAttribute('aria-invalid', 'true');
    expect(dateField()).toHaveAccessibleDescription(
      'For example 30 Nov, or 30 Nov 2027. This is not a day we can read. Write it as 30 Nov, or 30 Nov 2027.',
    );
    await act(async () => {}); // what a post would have started has run
    expect(posted).not.toHaveBeenCalled();
    expect(screen.queryByText('Follow-up set.')).toBeNull();
  });

  it('posts the chosen date with "Set follow-up"', async () => {
    const { posted } = show({ on: null, today });
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Set follow-up' }));
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ intent: 'follow-up', on: '2026-11-26' }));
    expect(await screen.findByText('Follow-up set.')).toBeTruthy();
  });

  it('shows the day set, with "Done" to clear it, and the date ready to change', async () => {
    const { posted } = show({ on: '2026-12-01', today });
    expect(screen.getByText(/Follow up on/, { selector: 'p' }).textContent).toBe('Follow up on Tue 1 Dec');
    expect(dateField().value).toBe('Tue 1 Dec');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ intent: 'follow-up-done' }));
  });

  it('says when the day set has passed', () => {
    show({ on: '2026-11-20', today });
    expect(screen.getByText(/Follow up on/, { selector: 'p' }).textContent).toBe(
      'Follow up on Fri 20 Nov (overdue)',
    );
  });
});

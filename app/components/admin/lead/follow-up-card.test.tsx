import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('fills the date from the quick choices: tomorrow, in 3 days, next week (Monday)', () => {
    show({ on: null, today });
    expect(screen.getByText('No follow-up set.')).toBeTruthy();
    expect(dateField().min).toBe(today);
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(dateField().value).toBe('2026-11-26');
    fireEvent.click(screen.getByRole('button', { name: 'In 3 days' }));
    expect(dateField().value).toBe('2026-11-28');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(dateField().value).toBe('2026-11-30');
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
    expect(dateField().value).toBe('2026-12-01');
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

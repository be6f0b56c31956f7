import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LeadSummary } from '../../../../common/inbox-api/lead-schemas';
import { OwnerCard } from './owner-card';

const people = [
  { id: 1, name: 'Asha Rao', email: 'asha.rao@acme.test' },
  { id: 2, name: 'Ravi Kumar', email: 'ravi.kumar@acme.test' },
];

function show(owner: LeadSummary['owner']) {
  const posted = vi.fn<(form: Record<string, string>) => void>();
  const router = createMemoryRouter([
    {
      path: '/',
      element: <OwnerCard owner={owner} people={people} />,
      action: async ({ request }) => {
        posted(Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)])));
        return { done: 'Owner changed to Ravi Kumar.' };
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return { posted };
}

describe("the lead's Owner card", () => {
  it('offers Nobody and the team, with the current owner chosen, and posts the new one by id and name', async () => {
    const { posted } = show({ id: 1, name: 'Asha Rao' });
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Owner' });
    expect([...select.options].map((option) => option.text)).toEqual([
      'Nobody (unassigned)',
      'Asha Rao',
      'Ravi Kumar',
    ]);
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save owner' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({ intent: 'owner', ownerName: 'Ravi Kumar', owner: '2' }),
    );
    expect(await screen.findByText('Owner changed to Ravi Kumar.')).toBeTruthy();
  });

  it('still names an owner who has left the team', () => {
    show({ id: 9, name: 'Old Colleague' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Owner' }).selectedOptions[0]?.text).toBe(
      'Old Colleague',
    );
  });
});

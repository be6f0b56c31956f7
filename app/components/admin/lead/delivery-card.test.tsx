import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../../../common/inbox-api/lead-schemas';
import { DeliveryBadge } from '../badges';
import { DeliveryCard } from './delivery-card';

function show(delivery: Delivery) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <DeliveryBadge delivery={delivery} />
          <DeliveryCard delivery={delivery} spam={false} />
        </>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

const at = '2026-11-25T10:00:00.000Z';

describe('a notification that was not sent because SMTP_URL is not set', () => {
  it('says so when it was kept in the database (PostgreSQL), and how to get it out', () => {
    show({ state: 'written', at, keptIn: 'database' });
    expect(screen.getByText('Kept, not emailed')).toBeTruthy();
    const text = screen.getByText(/SMTP_URL is not set/).textContent ?? '';
    expect(text).toContain('emails are not being sent because SMTP_URL is not set');
    expect(text).toContain('kept in the database');
    expect(text).toContain('npm run outbox -- export-files <dir>');
    expect(text).not.toMatch(/written to a file/i);
  });

  it('says it was kept as a file, not emailed, when it was (SQLite)', () => {
    show({ state: 'written', at, keptIn: 'file' });
    expect(screen.getByText('Kept, not emailed')).toBeTruthy();
    expect(screen.getByText(/Kept as an \.eml file/).textContent).not.toContain('database');
  });
});

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

describe('a notification that was kept, not sent, because no mail server was set up then', () => {
  // Said in the past, as it was then: a mail server set up since changes nothing about this lead.
  for (const keptIn of ['database', 'file'] as const) {
    it(`says what happened at the time, in staff words (kept in the ${keptIn})`, () => {
      show({ state: 'written', at, keptIn });
      expect(screen.getByText('Kept, not emailed')).toBeTruthy();
      const text = screen.getByText(/^Not sent:/).textContent ?? '';
      expect(text).toMatch(
        /^Not sent: no mail server was set up when this lead came in, so the notification was kept on the server on .+\. Nobody was told then: this page is where the lead shows\.$/,
      );
      expect(text).not.toMatch(/\.eml|MAIL_DIR|SMTP_URL|is set up|is not set|npm run/);
    });
  }
});

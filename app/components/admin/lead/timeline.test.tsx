import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Timeline } from './timeline';

describe("a lead's history", () => {
  it('names staff as the conversation signs their replies, never by their email address', () => {
    const element = (
      <Timeline
        entries={[
          {
            id: 1,
            at: '2026-11-24T09:00:00.000Z',
            by: null,
            kind: 'delivery',
            text: 'The notification was emailed.',
          },
          {
            id: 2,
            at: '2026-11-24T10:00:00.000Z',
            by: 'priya.sharma@acme.test',
            kind: 'status',
            from: 'new',
            to: 'contacted',
          },
        ]}
      />
    );
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
    const [status, delivery] = screen.getAllByRole('listitem');
    expect(status).toHaveTextContent(/^Priya Sharma · /);
    expect(status).toHaveTextContent('Changed the status from New to Contacted');
    expect(delivery).toHaveTextContent(/^The website · /);
    expect(screen.queryByText(/@acme\.test/)).toBeNull();
  });
});

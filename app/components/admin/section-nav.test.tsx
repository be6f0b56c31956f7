import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../common/team-domain';
import { SectionNav } from './section-nav';

function show(role: StaffRole, pathname = '/admin') {
  const router = createMemoryRouter(
    [{ path: '*', element: <SectionNav pathname={pathname} role={role} /> }],
    {
      initialEntries: [pathname],
    },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

const linkNames = (nav: ReturnType<typeof show>) =>
  nav.getAllByRole('link', { hidden: true }).map((link) => link.textContent);

describe("the inbox's navigation", () => {
  it('shows an admin every section, Team, Website and Settings included', () => {
    expect(linkNames(show('admin'))).toEqual([
      'Dashboard',
      'Inbox',
      'Follow-ups',
      'Outbox',
      'Subscribers',
      'Campaigns',
      'Activity',
      'Team',
      'Website',
      'Settings',
      'Account',
    ]);
  });

  it('leaves out what a member cannot open: Campaigns, Team, Website and Settings', () => {
    const names = linkNames(show('member'));
    expect(names).toEqual([
      'Dashboard',
      'Inbox',
      'Follow-ups',
      'Outbox',
      'Subscribers',
      'Activity',
      'Account',
    ]);
  });

  it('has a Menu button for phones that says where one is, opens the list and closes with Escape', () => {
    const nav = show('admin', '/admin/follow-ups');
    const menu = nav.getByRole('button', { name: /^Menu\W+Follow-ups$/ });
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(list?.className).toMatch(/(^| )hidden /);
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(list?.className).toMatch(/(^| )flex /);
    expect(nav.getByRole('link', { name: 'Follow-ups' }).getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});

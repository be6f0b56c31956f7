import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SiteHeader />
            <Outlet />
          </>
        ),
        children: ['/', '/about', '/services', '/contact', '/our-team', '/FAQ'].map((route) => ({
          path: route,
          element: <p>page {route}</p>,
        })),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/** The desktop bar; the slide-in menu holds the same links. */
const desktopNav = () => screen.getAllByRole('navigation', { name: 'Main', hidden: true })[0]!;
const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const mobileMenu = () => document.getElementById('mobile-menu')!;

describe('SiteHeader navigation', () => {
  it('links to Home, About, Services, Contact and Team', () => {
    renderAt('/');
    const links = within(desktopNav()).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'About', 'Services', 'Contact', 'Team']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/about',
      '/services',
      '/contact',
      '/our-team',
    ]);
  });

  it('marks the current page with aria-current', () => {
    renderAt('/services');
    const nav = within(desktopNav());
    expect(nav.getByRole('link', { name: 'Services', hidden: true })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'About', hidden: true })).not.toHaveAttribute('aria-current');
  });

  it('marks Home only on an exact match', () => {
    renderAt('/about');
    expect(within(desktopNav()).getByRole('link', { name: 'Home', hidden: true })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('marks Home on the home page', () => {
    renderAt('/');
    expect(within(desktopNav()).getByRole('link', { name: 'Home', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('SiteHeader mobile menu', () => {
  it('is a popover the menu button opens without any script, labelled and wired to it', () => {
    renderAt('/');
    expect(menuButton()).toHaveAttribute('popovertarget', 'mobile-menu');
    expect(menuButton()).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(mobileMenu()).toHaveAttribute('popover', 'auto');
    expect(mobileMenu()).toHaveAccessibleName('Main menu');
    expect(
      within(mobileMenu())
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(['Home', 'About', 'Services', 'Contact', 'Team']);
    // Without the site's script the browser works the state out from the popover; it never says "false" wrongly.
    expect(menuButton()).not.toHaveAttribute('aria-expanded');
  });

  it('has aria-expanded kept in step with the menu by the site script', async () => {
    renderAt('/');
    await import('../../islands/site');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    mobileMenu().dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    mobileMenu().dispatchEvent(Object.assign(new Event('toggle'), { newState: 'closed' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

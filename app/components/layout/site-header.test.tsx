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
  it('opens and closes with the menu button, reflected in aria-expanded', async () => {
    const { user } = renderAt('/');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(mobileMenu()).toHaveClass('invisible');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(mobileMenu()).toHaveClass('visible');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(mobileMenu()).toHaveClass('invisible');
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const { user } = renderAt('/');
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes when a link in it is followed', async () => {
    const { user, router } = renderAt('/');
    await user.click(menuButton());
    await user.click(within(mobileMenu()).getByRole('link', { name: 'Contact' }));
    expect(router.state.location.pathname).toBe('/contact');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on any navigation, such as the back button', async () => {
    const { user, router } = renderAt('/about');
    await router.navigate('/services');
    await screen.findByText('page /services');
    await user.click(menuButton());
    await router.navigate(-1);
    expect(await screen.findByText('page /about')).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    // Forward again to the page where it was opened: it stays closed.
    await router.navigate(1);
    expect(await screen.findByText('page /services')).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

import { describe, expect, it } from 'vitest';
import { safeNext, signInHref } from './sign-in-reasons';

const origin = 'https://www.example.com';

describe('safeNext: where to go after signing in', () => {
  it('goes back to the inbox page the person was on, with its query', () => {
    expect(safeNext('/admin/leads/3', origin)).toBe('/admin/leads/3');
    expect(safeNext('/admin?view=won&q=priya', origin)).toBe('/admin?view=won&q=priya');
    expect(safeNext('/admin', origin)).toBe('/admin');
  });

  it('goes to the dashboard, the first view after signing in, without a next page', () => {
    expect(safeNext(null, origin)).toBe('/admin/dashboard');
    expect(safeNext('', origin)).toBe('/admin/dashboard');
  });

  it.each([
    ['another site', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    ['a backslash trick', '/\\evil.example/admin'],
    ['a public page', '/about'],
    ['a path that only starts like the inbox', '/administrator'],
    ['the API', '/admin/api/leads/export.csv'],
    ['the sign-in page itself', '/admin/sign-in'],
    ['a script', 'javascript:alert(1)'],
  ])('never goes to %s', (_what, next) => {
    expect(safeNext(next, origin)).toBe('/admin/dashboard');
  });
});

describe('signInHref', () => {
  it('carries the page to come back to and why the person is asked to sign in', () => {
    expect(signInHref('/admin/leads/3?x=1', 'expired')).toBe(
      '/admin/sign-in?next=%2Fadmin%2Fleads%2F3%3Fx%3D1&reason=expired',
    );
    expect(signInHref('/admin', 'expired')).toBe('/admin/sign-in?next=%2Fadmin&reason=expired');
    expect(signInHref()).toBe('/admin/sign-in');
  });

  it('leaves out the dashboard, where signing in leads anyway', () => {
    expect(signInHref('/admin/dashboard', 'signed-out')).toBe('/admin/sign-in?reason=signed-out');
  });
});

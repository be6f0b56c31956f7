import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?inline';
import { MAIN_CONTENT_ID, SkipLink } from './components/layout/skip-link';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { PageHero } from './components/ui/page-hero';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The whole stylesheet (about 7 KB compressed) is inlined into every prerendered page, so the
            first paint needs no second request; the server allows it by hash in its CSP. The browser
            bundle leaves it out: hydration keeps the element's prerendered content as it is. */}
        <style
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR || import.meta.env.DEV ? stylesheet : '' }}
        />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
      </head>
      <body>
        <SkipLink />
        <SiteHeader />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="pt-16 outline-none">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Tells end-to-end tests (and curious engineers) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <PageHero
      eyebrow={notFound ? 'Error 404' : 'Something went wrong'}
      title={notFound ? 'Page not found' : 'This page could not be shown'}
      lead="Please reload the page, or go back to the home page."
    />
  );
}

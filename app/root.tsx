import { useContext, useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?inline';
import adminStylesheet from './components/admin/admin.css?url';
import { InboxLoading } from './components/admin/inbox-loading';
import { MAIN_CONTENT_ID, SkipLink } from './components/layout/skip-link';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { PageHero } from './components/ui/page-hero';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/**
 * The <style> element's content. The browser bundle leaves the stylesheet's text out (every page has it
 * inline) and takes it from the page instead, once: the same object on every render, so React never
 * rewrites the element (the app shell of the /admin pages renders the root again once its page is loaded,
 * and a rewrite empties the element for a moment, which the Content-Security-Policy refuses), and the
 * same text if React ever draws the element anew (the root's error boundary), which the policy allows
 * by its hash.
 */
const inlineStylesheet = {
  __html:
    import.meta.env.SSR || import.meta.env.DEV
      ? stylesheet
      : (document.querySelector('head > style')?.textContent ?? ''),
};

/**
 * Speculation Rules: a link to another public page is loaded in the background
 * when the visitor hovers or presses it (moderate eagerness), so the full page
 * load that follows is instant. Never the inbox, the API, or a newsletter link
 * page (whose address carries a token).
 */
const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/admin*' } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/newsletter/*' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

export function Layout({ children }: { children: ReactNode }) {
  // The site's header and footer frame every prerendered page. The pages rendered in the browser (the
  // inbox under /admin) start from the app shell the server sends for them (React Router's SPA fallback,
  // isSpaMode) and have a frame of their own: the shell has neither header nor footer, so nothing of
  // the public site flashes before the inbox, and hydration finds the same markup.
  const sitePage = !useContext(FrameworkContext)?.isSpaMode;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The whole stylesheet (about 7 KB compressed) is inlined into every prerendered page, so the
            first paint needs no second request; the server allows it by hash in its CSP. */}
        <style dangerouslySetInnerHTML={inlineStylesheet} />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        {/* The inbox's own stylesheet, for every page rendered in the browser from the app shell: its first
            paint (the loading view below) already has the inbox's look. */}
        {!sitePage && <link rel="stylesheet" href={adminStylesheet} />}
        <Links />
      </head>
      <body>
        {/* One slot per part, whether it is there or not: the tree keeps its shape, so React's ids (useId)
            in the public pages' HTML stay as they are. */}
        {sitePage && <SkipLink />}
        {sitePage && <SiteHeader />}
        {sitePage ? (
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="pt-16 outline-none">
            {children}
          </main>
        ) : (
          children
        )}
        {sitePage && <SiteFooter />}
        {sitePage ? (
          // A public page loads no framework: it is complete HTML, navigation is plain links (instant with
          // the speculation rules), the browser restores scroll positions itself, and only its interactive
          // parts get scripts of their own (the build adds them: common/island-scripts.ts).
          <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
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

/**
 * The app shell's content (React Router renders the root's HydrateFallback into it), shown until the
 * page's modules and loaders are ready: only the inbox's pages start from the shell, so it is the inbox
 * loading. The prerendered public pages never show it.
 */
export function HydrateFallback() {
  return <InboxLoading />;
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

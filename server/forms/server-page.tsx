import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '../../common/logo.tsx';
import { company } from '../../common/company.ts';
import type { SiteStylesheet } from './site-stylesheet.ts';

/** A link to a field, for the list of what is wrong at the top of the page. */
interface ErrorLink {
  id: string;
  label: string;
  message: string;
}

interface ServerPageProps {
  /** The heading, also the start of the document title. */
  heading: string;
  /** The small line above the heading, e.g. "Quote request". */
  eyebrow: string;
  /** What went wrong, announced as an alert; omitted for a page that only informs. */
  alert?: { summary: string; errors?: readonly ErrorLink[] } | undefined;
  /** Paragraphs under the heading. */
  paragraphs?: readonly string[];
  /** What follows them: the form again, drawn by the same component as the page's. */
  children?: ReactNode;
  /** The built site's stylesheet; without it the page is plain but readable. Send with sendServerPage. */
  stylesheet: SiteStylesheet | undefined;
  /**
   * A page for search engines (the newsletter archive): its description, canonical URL and link preview.
   * Without it the page is noindex, as a page about what went wrong should be.
   */
  seo?: PageSeo | undefined;
  /** The link at the end of the page (default: back to the home page). */
  back?: { href: string; label: string };
}

/** What an indexed page the server writes tells search engines and link previews (as app/lib/page-meta.ts). */
export interface PageSeo {
  /** Open Graph's type: a list of pages (website), or one text (article). */
  type: 'website' | 'article';
  description: string;
  /** The page's canonical URL, absolute (SITE_URL and its path). */
  url: string;
  /** The social card (the site's /og-image.jpg), absolute, with its size and text. */
  image: { url: string; width: number; height: number; alt: string };
}

function SeoTags({ seo, title }: { seo: PageSeo | undefined; title: string }) {
  if (!seo) return <meta name="robots" content="noindex" />;
  const { type, description, url, image } = seo;
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

function Stylesheet({ stylesheet }: { stylesheet: SiteStylesheet | undefined }) {
  if (!stylesheet) return null;
  // The href is one of our own /assets/ paths, the CSS our own build's.
  if ('href' in stylesheet) return <link rel="stylesheet" href={stylesheet.href} />;
  return <style dangerouslySetInnerHTML={{ __html: stylesheet.css }} />;
}

/** What went wrong, with a link to each field at fault. */
function ProblemAlert({ alert }: { alert: NonNullable<ServerPageProps['alert']> }) {
  return (
    <div role="alert" className="mt-6 max-w-3xl rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
      <p>{alert.summary}</p>
      {alert.errors && alert.errors.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {alert.errors.map((error) => (
            <li key={`${error.id}:${error.message}`}>
              <a href={`#${error.id}`} className="underline">
                {error.label}
              </a>
              : {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The company, its email and the privacy policy. */
function PageFooter() {
  return (
    <footer className="border-t border-slate-200">
      <div className="container-page py-6 text-sm text-slate-600">
        <p>
          {company.name} ·{' '}
          <a href={`mailto:${company.email}`} className="underline">
            {company.email}
          </a>{' '}
          ·{' '}
          <a href="/privacypolicy" className="underline">
            Privacy Policy
          </a>
        </p>
      </div>
    </footer>
  );
}

/**
 * A page the server writes itself, for a visitor without JavaScript or a
 * link that cannot be used: the site's look (its stylesheet and logo), a
 * heading, what went wrong, what to do now, and a way back to the home page.
 * Not the full navigation: the page stays about what went wrong. The
 * newsletter archive's pages use the same frame (with `seo`: indexed).
 */
function ServerPage({
  heading,
  eyebrow,
  alert,
  paragraphs = [],
  children,
  stylesheet,
  seo,
  back = { href: '/', label: 'Back to the home page' },
}: ServerPageProps) {
  const fullTitle = `${heading} | ${company.name}`;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <SeoTags seo={seo} title={fullTitle} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Stylesheet stylesheet={stylesheet} />
      </head>
      <body>
        <header className="border-b border-slate-200 bg-white">
          <div className="container-page flex h-16 items-center">
            <a href="/" className="-m-1 flex items-center gap-2.5 rounded-md p-1">
              <Logo />
            </a>
          </div>
        </header>
        <main className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{heading}</h1>
          {alert && <ProblemAlert alert={alert} />}
          {paragraphs.map((text) => (
            <p key={text} className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">
              {text}
            </p>
          ))}
          {children}
          <p className="mt-8">
            <a href={back.href} className="font-semibold text-brand-700 underline">
              {back.label}
            </a>
          </p>
        </main>
        <PageFooter />
      </body>
    </html>
  );
}

/** The page as HTML, every value escaped by React. */
export function renderServerPage(props: ServerPageProps): string {
  return `<!doctype html>\n${renderToStaticMarkup(<ServerPage {...props} />)}\n`;
}

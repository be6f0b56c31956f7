import { NewsletterForm } from '../../app/components/newsletter/newsletter-form.tsx';
import { company } from '../../common/company.ts';
import { NEWSLETTER_ARCHIVE_PATH, newsletterArchiveCopy as copy } from '../../common/newsletter-archive.ts';
import { renderServerPage, type PageSeo } from '../forms/server-page.tsx';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import type { ArchivedCampaign, ArchiveEntry } from './campaign-archive.ts';
import { archiveUrl, campaignWebBodyHtml } from './campaign-render.ts';

export interface ArchivePageSettings {
  /** The public origin (SITE_URL): canonical URLs and link previews. */
  siteUrl: string;
  /** The company's time zone (ADMIN_TIME_ZONE): the day a campaign was sent is its day there. */
  timeZone: string;
  stylesheet: SiteStylesheet | undefined;
}

/** The site's social card (public/og-image.jpg, npm run icons), as app/lib/page-meta.ts describes it. */
const socialImage = (siteUrl: string): PageSeo['image'] => ({
  url: `${siteUrl}/og-image.jpg`,
  width: 1200,
  height: 630,
  alt: `${company.name}: ${company.tagline}`,
});

const dayFormats = new Map<string, { shown: Intl.DateTimeFormat; machine: Intl.DateTimeFormat }>();

/** "26 November 2026", and "2026-11-26" for <time datetime>, both the day in the company's time zone. */
function sentDay(iso: string, timeZone: string): { shown: string; machine: string } {
  let formats = dayFormats.get(timeZone);
  if (!formats) {
    formats = {
      shown: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
      // en-CA writes a date as ISO 8601 does.
      machine: new Intl.DateTimeFormat('en-CA', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone,
      }),
    };
    dayFormats.set(timeZone, formats);
  }
  const date = new Date(iso);
  return { shown: formats.shown.format(date), machine: formats.machine.format(date) };
}

function SentOn({ iso, timeZone, className }: { iso: string; timeZone: string; className: string }) {
  const day = sentDay(iso, timeZone);
  return (
    <p className={className}>
      {copy.campaign.sentOn} <time dateTime={day.machine}>{day.shown}</time>
    </p>
  );
}

/** The invitation under every archive page: the site's one sign-up form, posted without JavaScript. */
function SignUp() {
  return (
    <section aria-labelledby="newsletter-signup" className="mt-14 max-w-3xl border-t border-slate-200 pt-10">
      <h2 id="newsletter-signup" className="text-2xl font-bold tracking-tight">
        {copy.signup.heading}
      </h2>
      <p className="mt-3 max-w-2xl text-lg leading-8 text-slate-600">{copy.signup.text}</p>
      <NewsletterForm appearance="page" />
    </section>
  );
}

/** GET /newsletter/archive: every published campaign, newest first, or a line saying there is none yet. */
export function renderArchiveIndex(entries: readonly ArchiveEntry[], settings: ArchivePageSettings): string {
  return renderServerPage({
    eyebrow: copy.eyebrow,
    heading: copy.index.heading,
    paragraphs: [entries.length === 0 ? copy.index.empty : copy.index.lead],
    stylesheet: settings.stylesheet,
    seo: {
      type: 'website',
      description: copy.index.lead,
      url: `${settings.siteUrl}${NEWSLETTER_ARCHIVE_PATH}`,
      image: socialImage(settings.siteUrl),
    },
    children: (
      <>
        {entries.length > 0 && (
          <ol className="mt-10 max-w-3xl divide-y divide-slate-200 border-t border-slate-200">
            {entries.map((entry) => (
              <li key={entry.slug} className="py-6">
                <h2 className="text-xl font-bold tracking-tight">
                  <a
                    href={`${NEWSLETTER_ARCHIVE_PATH}/${encodeURIComponent(entry.slug)}`}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {entry.subject}
                  </a>
                </h2>
                <SentOn
                  iso={entry.sentAt}
                  timeZone={settings.timeZone}
                  className="mt-1 text-sm text-slate-600"
                />
                {entry.preheader && (
                  <p className="mt-2 text-base leading-7 text-slate-700">{entry.preheader}</p>
                )}
              </li>
            ))}
          </ol>
        )}
        <SignUp />
      </>
    ),
  });
}

/**
 * GET /newsletter/archive/<slug>: a campaign's web version. Its body is the email's own HTML, from the
 * one renderer (campaign-render.ts), without the email's frame: no preheader, and no unsubscribe link,
 * which in an email is its reader's alone.
 */
export function renderArchivedCampaign(campaign: ArchivedCampaign, settings: ArchivePageSettings): string {
  return renderServerPage({
    eyebrow: copy.eyebrow,
    heading: campaign.subject,
    stylesheet: settings.stylesheet,
    seo: {
      type: 'article',
      description: campaign.preheader || copy.campaign.fallbackDescription(campaign.subject),
      url: archiveUrl(settings.siteUrl, campaign.slug),
      image: socialImage(settings.siteUrl),
    },
    back: { href: NEWSLETTER_ARCHIVE_PATH, label: copy.campaign.backLink },
    children: (
      <>
        <SentOn iso={campaign.sentAt} timeZone={settings.timeZone} className="mt-3 text-slate-600" />
        {/* Sanitised by the renderer's allowlist: the same HTML the subscribers received. */}
        <div
          className="prose-legal prose-newsletter mt-8"
          dangerouslySetInnerHTML={{ __html: campaignWebBodyHtml(campaign.bodyMarkdown) }}
        />
        <SignUp />
      </>
    ),
  });
}

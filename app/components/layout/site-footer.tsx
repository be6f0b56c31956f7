import { Link } from 'react-router';
import { NEWSLETTER_ARCHIVE_PATH, newsletterArchiveCopy } from '../../../common/newsletter-archive';
import { footerContent } from '../../content/footer';
import { footerQuickLinks, serviceHref } from '../../content/navigation';
import { serviceIds, serviceNames } from '../../content/service-names';
import { Logo } from '../../../common/logo';
import { useSiteContent } from '../../lib/site-content';
import { NewsletterForm } from '../newsletter/newsletter-form';
import { SocialIcon } from './social-icon';

const linkClass =
  'inline-block rounded-sm py-0.5 text-slate-300 underline-offset-4 hover:text-white hover:underline';

export function SiteFooter() {
  const { company } = useSiteContent();
  return (
    <footer className="on-dark bg-ink text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div>
          <Link to="/" className="inline-block rounded-md">
            <Logo tone="light" name={company.name} />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6">{footerContent.about}</p>
          <ul className="mt-5 flex gap-3">
            {company.social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-brand-700 hover:text-white"
                >
                  <SocialIcon network={link.network} className="size-5" />
                  <span className="sr-only">{link.label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-base font-semibold text-white">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {serviceIds.map((id) => (
              <li key={id}>
                <Link to={serviceHref(id)} className={linkClass}>
                  {serviceNames[id]}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-base font-semibold text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerQuickLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-base font-semibold text-white">{footerContent.newsletter.heading}</h2>
          <p className="mt-4 text-sm leading-6">{footerContent.newsletter.text}</p>
          <NewsletterForm appearance="footer" />
          {/* A plain link: the archive is written by the server, not a route of this app. */}
          <p className="mt-3 text-sm">
            <a href={NEWSLETTER_ARCHIVE_PATH} className={linkClass}>
              {newsletterArchiveCopy.footerLink}
            </a>
          </p>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="container-page flex flex-col gap-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            © {footerContent.copyrightYear} {company.name}. All rights reserved.
          </p>
          <p>{company.tagline}</p>
        </div>
      </div>
    </footer>
  );
}

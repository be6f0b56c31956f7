import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { newsletterPaths } from '../common/newsletter';
import { quoteThankYouPath } from '../common/site-paths';

/** A route at one of the shared paths ("/thank-you" → "thank-you"). */
const at = (path: string) => path.slice(1);

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('services', 'routes/services.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('our-team', 'routes/our-team.tsx'),
  route('FAQ', 'routes/faq.tsx'),
  route('termsandconditions', 'routes/terms.tsx'),
  route('privacypolicy', 'routes/privacy.tsx'),
  route(at(quoteThankYouPath), 'routes/thank-you.tsx'),
  route(at(newsletterPaths.checkInbox), 'routes/newsletter-check-inbox.tsx'),
  route(at(newsletterPaths.confirm), 'routes/newsletter-confirm.tsx'),
  route(at(newsletterPaths.confirmed), 'routes/newsletter-confirmed.tsx'),
  route(at(newsletterPaths.unsubscribe), 'routes/newsletter-unsubscribe.tsx'),
  route(at(newsletterPaths.unsubscribed), 'routes/newsletter-unsubscribed.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

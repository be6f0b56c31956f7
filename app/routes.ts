import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('services', 'routes/services.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('our-team', 'routes/our-team.tsx'),
  route('FAQ', 'routes/faq.tsx'),
  route('termsandconditions', 'routes/terms.tsx'),
  route('privacypolicy', 'routes/privacy.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  route('newsletter/check-your-inbox', 'routes/newsletter-check-inbox.tsx'),
  route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
  route('newsletter/confirmed', 'routes/newsletter-confirmed.tsx'),
  route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
  route('newsletter/unsubscribed', 'routes/newsletter-unsubscribed.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

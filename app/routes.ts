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
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailAddressSchema } from '../../common/email-address.ts';
import { EMAIL_MAX_LENGTH } from '../../common/form-field.ts';
import {
  NEWSLETTER_ENDPOINT,
  newsletterConsent,
  newsletterMessages,
  newsletterPaths,
} from '../../common/newsletter.ts';
import { formValues, honeypotFilled, isFormBody, registerLenientParser } from '../forms/form-body.ts';
import {
  formEndpoint,
  noStore,
  originCheck,
  refuseCrossSitePosts,
  refuseForeignPosts,
  sendServerPage,
  type RateLimit,
} from '../forms/form-endpoint.ts';
import { FormProblem } from '../forms/form-problem.ts';
import { prefersHtml } from '../forms/reply-format.ts';
import { sourcePage } from '../forms/request-origin.ts';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import type { Redis } from '../security/redis-client.ts';
import {
  linkProblemText,
  linkProblemTexts,
  newsletterProblemTexts,
  renderLinkErrorPage,
  renderLinkProblemPage,
  renderSignupErrorPage,
  type LinkProblem,
} from './newsletter-pages.tsx';
import type { SubscriberRepository } from './subscriber-repository.ts';
import { isTokenShape } from '../security/tokens.ts';

export interface NewsletterRoutesOptions {
  subscribers: SubscriberRepository;
  siteUrl: string;
  rateLimit: RateLimit;
  /** REDIS_URL's client: the rate limit's counters are shared by every instance. */
  redis?: Redis | undefined;
  /** The built site's stylesheet, for the server's pages. */
  stylesheet: SiteStylesheet | undefined;
  /** Called after a confirmation email is committed to the outbox (wakes the worker). */
  onQueued: () => void;
}

/** A sign-up is one address: a few hundred bytes even as multipart. */
const SIGNUP_BODY_LIMIT = 8 * 1024;
/** What a confirm or unsubscribe POST may carry (nothing, or "List-Unsubscribe=One-Click"). */
const LINK_BODY_LIMIT = 4 * 1024;

/** Every invalid address gets the one message the footer shows (the browser has checked it already). */
const signupEmail = emailAddressSchema({
  notText: newsletterMessages.invalidEmail,
  required: newsletterMessages.invalidEmail,
  tooLong: newsletterMessages.invalidEmail,
  invalid: newsletterMessages.invalidEmail,
});

const SIGNUP_FIELDS = ['email'] as const;

type TokenQuery = { Querystring: { token?: string | string[] } };

/** The answer to a confirm or unsubscribe link that cannot be used: a page, or text for a program. */
function linkProblem(
  request: FastifyRequest,
  response: FastifyReply,
  problem: LinkProblem,
  stylesheet: SiteStylesheet | undefined,
) {
  noStore(response.code(problem === 'confirm-spent' ? 410 : 400));
  if (!prefersHtml(request.headers)) {
    return response.type('text/plain; charset=utf-8').send(linkProblemText(problem));
  }
  return sendServerPage(response, renderLinkProblemPage(problem, stylesheet), stylesheet);
}

/**
 * POST /api/newsletter: the footer's sign-up. The reply is the same whether
 * the address is new, waiting for its confirmation, confirmed, unsubscribed
 * or over its daily confirmation emails, so the form reveals nothing about
 * who is on the list. A honeypot hit gets it too, and nothing is kept.
 */
async function signupRoutes(app: FastifyInstance, options: NewsletterRoutesOptions) {
  await formEndpoint(app, {
    what: 'newsletter sign-up',
    texts: newsletterProblemTexts,
    // Twice the one field's longest value: longer is not a visitor's typing.
    maxFieldLength: 2 * EMAIL_MAX_LENGTH,
    rateLimit: { ...options.rateLimit, name: 'newsletter', redis: options.redis },
    stylesheet: options.stylesheet,
    errorPage: (request, problem, summary) =>
      renderSignupErrorPage({
        summary,
        email: formValues(request.body, SIGNUP_FIELDS).email,
        fieldError: problem.fieldErrors.email,
        stylesheet: options.stylesheet,
      }),
  });

  app.post(
    NEWSLETTER_ENDPOINT,
    {
      bodyLimit: SIGNUP_BODY_LIMIT,
      onRequest: refuseForeignPosts(options.siteUrl),
    },
    async (request, response) => {
      const email = signupEmail.safeParse(formValues(request.body, SIGNUP_FIELDS).email);
      if (!email.success) {
        throw new FormProblem('invalid', { fieldErrors: { email: newsletterMessages.invalidEmail } });
      }
      if (honeypotFilled(request.body)) {
        request.log.info('newsletter sign-up ignored: the honeypot was filled');
      } else {
        const { id, outcome } = await options.subscribers.signUp({
          email: email.data,
          sourcePage: sourcePage(request.headers, originCheck(request, options.siteUrl)),
          consent: newsletterConsent,
        });
        request.log.info({ subscriberId: id, outcome }, 'newsletter sign-up');
        if (outcome === 'confirmation-queued') options.onQueued();
      }
      noStore(response);
      if (prefersHtml(request.headers)) return response.redirect(newsletterPaths.checkInbox, 303);
      return response.type('text/plain; charset=utf-8').send(newsletterMessages.accepted);
    },
  );
}

/**
 * POST /newsletter/confirm?token= and POST /newsletter/unsubscribe?token=:
 * the buttons of those pages, which post to the page's own address. A GET
 * only shows the page (mail scanners follow links; they must not confirm or
 * unsubscribe anyone).
 */
async function linkRoutes(app: FastifyInstance, options: NewsletterRoutesOptions) {
  await formEndpoint(app, {
    what: 'newsletter link',
    texts: linkProblemTexts,
    // Any body is read only for "List-Unsubscribe=One-Click" (see registerLenientParser).
    maxFieldLength: LINK_BODY_LIMIT,
    stylesheet: options.stylesheet,
    errorPage: (_request, _problem, summary) => renderLinkErrorPage(summary, options.stylesheet),
  });
  // Only the token in the address counts: any body, of any kind or none, malformed or not, is read (up
  // to the limit) for "List-Unsubscribe=One-Click" and otherwise ignored (RFC 8058 clients vary).
  registerLenientParser(app, LINK_BODY_LIMIT);

  app.post<TokenQuery>(
    newsletterPaths.confirm,
    { bodyLimit: LINK_BODY_LIMIT, onRequest: refuseCrossSitePosts(options.siteUrl) },
    async (request, response) => {
      const { token } = request.query;
      const outcome = isTokenShape(token) ? await options.subscribers.confirm(token) : 'unknown';
      request.log.info({ outcome }, 'newsletter confirmation');
      if (outcome !== 'confirmed') {
        const problem = outcome === 'unknown' ? 'confirm-unknown' : 'confirm-spent';
        return linkProblem(request, response, problem, options.stylesheet);
      }
      noStore(response);
      if (prefersHtml(request.headers)) return response.redirect(newsletterPaths.confirmed, 303);
      return response.type('text/plain; charset=utf-8').send('Your subscription is confirmed.\n');
    },
  );

  // No cross-site check: mail providers post from their own servers (RFC 8058), and a webmail
  // might from its own origin. The token alone authorises leaving, which is always harmless.
  app.post<TokenQuery>(
    newsletterPaths.unsubscribe,
    { bodyLimit: LINK_BODY_LIMIT },
    async (request, response) => {
      const { token } = request.query;
      const outcome = isTokenShape(token) ? await options.subscribers.unsubscribe(token) : 'unknown';
      const oneClick = isFormBody(request.body) && request.body.get('List-Unsubscribe') === 'One-Click';
      request.log.info({ outcome, oneClick }, 'newsletter unsubscribe');
      if (outcome === 'unknown') {
        return linkProblem(request, response, 'unsubscribe-unknown', options.stylesheet);
      }
      noStore(response);
      if (!oneClick && prefersHtml(request.headers)) {
        return response.redirect(newsletterPaths.unsubscribed, 303);
      }
      return response
        .type('text/plain; charset=utf-8')
        .send('You are unsubscribed: you will not receive our newsletter any more.\n');
    },
  );
}

/** The newsletter's endpoints (see signupRoutes and linkRoutes). */
export async function newsletterRoutes(app: FastifyInstance, options: NewsletterRoutesOptions) {
  await app.register(signupRoutes, options);
  await app.register(linkRoutes, options);
}

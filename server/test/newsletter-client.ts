/** What the newsletter tests do to the server: sign up, press the buttons, read what was emailed. */
import type { FastifyInstance } from 'fastify';
import { NEWSLETTER_ENDPOINT } from '../../common/newsletter.ts';
import type { Mailer, OutgoingMail } from '../mail/outgoing-mail.ts';
import { type Fields, fetchHeaders, multipart, navigationHeaders, urlEncoded } from './form-request.ts';

/** The footer's post: multipart from its fetch, URL-encoded from a native post (navigation headers). */
export async function signUp(
  app: FastifyInstance,
  email: string,
  options: { headers?: Record<string, string>; fields?: Fields; remoteAddress?: string } = {},
) {
  const headers = options.headers ?? fetchHeaders;
  const fields = { email, website: '', ...options.fields };
  const native = headers['sec-fetch-mode'] === 'navigate';
  const body = native ? urlEncoded(fields) : await multipart(fields);
  return app.inject({
    method: 'POST',
    url: NEWSLETTER_ENDPOINT,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The page's button: a native form post with no fields to the page's own address, token included. */
export function pressButton(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: '',
    headers: {
      ...navigationHeaders,
      referer: `http://localhost:80${url}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
  });
}

/** RFC 8058: a mail provider's one-click unsubscribe, from its own server (no Origin, no Fetch Metadata). */
export function oneClickUnsubscribe(app: FastifyInstance, url: string, multipartBody = false) {
  const boundary = 'provider-boundary';
  return app.inject({
    method: 'POST',
    url,
    payload: multipartBody
      ? `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
      : 'List-Unsubscribe=One-Click',
    headers: {
      'content-type': multipartBody
        ? `multipart/form-data; boundary=${boundary}`
        : 'application/x-www-form-urlencoded',
      'user-agent': 'Mail-Provider-Unsubscriber/1.0',
    },
  });
}

/** A mailer that keeps every email it is given (and accepts them all). */
export function capturingMailer(): { mailer: Mailer; sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    mailer: {
      kind: 'smtp',
      send: async (mail) => {
        sent.push(mail);
        return { ok: true, detail: '250 accepted' };
      },
      close: () => undefined,
    },
  };
}

/**
 * The site-relative address (path and query) of the first link to `path` in
 * the text, e.g. "/newsletter/confirm?token=…", as a visitor would open it.
 */
export function linkTo(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s<>"]+${path}\\?token=[A-Za-z0-9_%-]+`).exec(text);
  if (!match) throw new Error(`no link to ${path} in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The unsubscribe address in an email's List-Unsubscribe header, site-relative. */
export function listUnsubscribeLink(header: string | undefined): string {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(header ?? '');
  if (!match?.[1]) throw new Error(`not a List-Unsubscribe header: ${header}`);
  const url = new URL(match[1]);
  return `${url.pathname}${url.search}`;
}

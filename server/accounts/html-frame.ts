import type { FastifyReply } from 'fastify';

/**
 * The policy of an HTML document shown in the inbox's sandboxed frame (an email's preview): its inline
 * styles (an email has nothing else) and https images apply; nothing runs, nothing is fetched from this
 * site, no form posts; only the inbox may frame it, and the frame is sandboxed whoever opens it.
 */
const HTML_FRAME_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/** Sends an HTML document to be framed by the inbox, with its own policy. */
export function htmlFrame(reply: FastifyReply, html: string) {
  return reply
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': HTML_FRAME_POLICY,
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'no-store',
    })
    .send(html);
}

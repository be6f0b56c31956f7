/**
 * The contract of one endpoint of the inbox's JSON API (under INBOX_API): its method and path, the
 * schemas of its path parameters, query and body, the schema of its reply, and the error codes it
 * answers with besides those every endpoint may give. The server registers its routes from these
 * (server/accounts/register-endpoint.ts) and the browser calls them (app/components/admin/api.ts), so a
 * change here is a type error wherever the two sides disagree.
 */
import { z } from 'zod';

// Before any schema is made: the inbox's Content-Security-Policy forbids eval, so zod checks without
// compiling its object checks (its probe for `new Function` would be blocked and reported as a
// violation). Every module of the contract imports this one first; on the server it costs nothing
// that shows (the API's requests are small).
z.config({ jitless: true });

export type Method = 'GET' | 'POST' | 'DELETE';

/** Who may call an endpoint (see Endpoint.access). */
export type EndpointAccess = 'public' | 'staff' | 'admin';

/**
 * How the reply is sent: JSON matching `reply`, nothing (204), a CSV file to save (a link, not a
 * fetch: its `reply` is the file's text), an HTML document for a sandboxed frame (its `reply` is the
 * document; it carries a policy of its own, as a frame's srcdoc would inherit the inbox's, which allows
 * no style attributes), or a stored file to save (a link, never shown inline: its `reply` is the file's
 * content, streamed).
 */
export type ReplyKind = 'json' | 'no-content' | 'csv' | 'html' | 'file';

export interface Endpoint<
  M extends Method = Method,
  Path extends `/${string}` = `/${string}`,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
  Kind extends ReplyKind = ReplyKind,
  Access extends EndpointAccess = EndpointAccess,
> {
  method: M;
  /** Relative to INBOX_API; `:name` is a path parameter. */
  path: Path;
  params: Params;
  query: Query;
  body: Body;
  reply: Reply;
  replyAs: Kind;
  /**
   * Who may call it: "public" anyone (signing in, accepting an invitation), "staff" anyone signed in,
   * "admin" an admin only (a member gets 403 "admin-only").
   */
  access: Access;
  /** The error codes this endpoint answers with, besides COMMON_ERRORS. */
  errors: readonly string[];
}

/** What an endpoint without path parameters, query or body takes. */
const nothing = z.object({});

/**
 * The contract of one endpoint; what it leaves out takes nothing and answers JSON. Who may call it is
 * never left out: every entry says it (docs/decisions/057-who-may-call-what-in-the-inbox.md).
 */
export function endpoint<
  const M extends Method,
  const Path extends `/${string}`,
  Reply extends z.ZodType,
  const Access extends EndpointAccess,
  Params extends z.ZodType = typeof nothing,
  Query extends z.ZodType = typeof nothing,
  Body extends z.ZodType = typeof nothing,
  const Kind extends ReplyKind = 'json',
>(definition: {
  method: M;
  path: Path;
  reply: Reply;
  params?: Params;
  query?: Query;
  body?: Body;
  replyAs?: Kind;
  access: Access;
  errors?: readonly string[];
}): Endpoint<M, Path, Params, Query, Body, Reply, Kind, Access> {
  return {
    replyAs: 'json' as Kind,
    errors: [],
    ...definition,
    params: (definition.params ?? nothing) as Params,
    query: (definition.query ?? nothing) as Query,
    body: (definition.body ?? nothing) as Body,
  };
}

/** The reply of a 204. */
export const noContent = z.undefined();

/** A CSV file's text. */
export const csvFile = z.string();

/** An HTML document's text. */
export const htmlDocument = z.string();

/** A stored file's content (any bytes, any type), sent as an attachment to save. */
export const fileContent = z.unknown();

/**
 * Every reply that is not 2xx. 401 means "no valid session" (the page sends the person to sign in),
 * 403 a cross-site request, a missing recent passkey check or a member calling an admin's endpoint
 * ("admin-only"), 404 nothing there, 409 not allowed in
 * this state, 410 an invitation used or expired, 429 too many attempts.
 */
export const apiError = z.object({
  /** A code for the page, e.g. "unauthenticated", "invalid", "last-passkey". */
  error: z.string(),
  /** A sentence for the person. */
  message: z.string(),
  /** For 400: a message per field of the request. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/**
 * The codes any endpoint may answer with: a request that is not valid (400, with fields) or cannot
 * be read, no session, another site's request, too many requests, no database, a fault.
 */
export const COMMON_ERRORS = [
  'invalid',
  'bad-request',
  'unauthenticated',
  'cross-site',
  'rate-limited',
  'unavailable',
  'internal',
] as const;

/** The sentence of a member's 403 on an endpoint for admins. */
export const ADMIN_ONLY_MESSAGE = 'Only admins can do this. Ask an admin of your team.';

/** A positive whole number in a path or query: a number on the server, a string or number from a page. */
const positiveId = z.coerce.number<string | number>().int().positive();

/** A path's `:id` of a numbered thing (a lead, an email, a subscriber). */
export const idParams = z.object({ id: positiveId });

/** Where the next page of a list starts: the previous page's nextCursor. */
export const cursorQuery = positiveId.optional();

/** A page of a list: null on the last page. */
export const nextCursor = z.string().nullable();

/** The sentence of a 400 for a request that breaks its endpoint's schemas; `fields` says what is wrong. */
export const INVALID_MESSAGE = 'Some of what was sent cannot be used.';

/** A message per field of the request (the first of each), as a 400's `fields` gives them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'request');
    fields[name] ??= issue.message;
  }
  return fields;
}

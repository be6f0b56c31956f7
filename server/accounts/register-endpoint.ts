import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ADMIN_ONLY_MESSAGE, type Endpoint } from '../../common/inbox-api/endpoint.ts';
import { staffOf } from './admin-guard.ts';
import { ApiProblem, parse } from './api-problem.ts';
import { csvDownload } from './csv-download.ts';
import { fileDownload, type FileDownload } from './file-download.ts';
import { htmlFrame } from './html-frame.ts';
import type { SignedIn } from './session-repository.ts';

/** A CSV file to save: its name and its text. */
interface CsvDownload {
  fileName: string;
  csv: string;
}

/** What a handler of an endpoint gets: the request's parts as its contract's schemas made them. */
interface EndpointCall<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The staff member and their session; null on a public endpoint. */
  staff: E['access'] extends 'public' ? null : SignedIn;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: a CSV's name and text, a stored file, or the JSON its contract describes. */
type HandlerReplyOf<E extends Endpoint> = E['replyAs'] extends 'csv'
  ? CsvDownload
  : E['replyAs'] extends 'file'
    ? FileDownload
    : z.input<E['reply']>;

/** A handler of an endpoint: it returns the reply its contract describes (nothing for a 204, a file for a CSV or a download). */
export type EndpointHandler<E extends Endpoint> = (
  call: EndpointCall<E>,
) => E['replyAs'] extends 'no-content' ? Promise<void> : Promise<HandlerReplyOf<E>>;

export interface EndpointOptions {
  /**
   * Runs around the whole call, the reading of the request included (e.g. counting refused attempts).
   */
  around?: <T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) => Promise<T>;
  /** The most bytes its body may have, for an endpoint that takes more than the server's default (a photo). */
  bodyLimit?: number;
}

/**
 * A JSON reply as its contract describes it: what the contract does not name is stripped (so nothing a
 * handler happens to hold, a hash or a secret, reaches the browser), and a reply that breaks its contract
 * is a fault of the server (500), never sent.
 */
function checkedReply(endpoint: Endpoint, result: unknown): unknown {
  const checked = endpoint.reply.safeParse(result);
  if (!checked.success) {
    throw new Error(`The reply of ${endpoint.method} ${endpoint.path} breaks its contract`, {
      cause: checked.error,
    });
  }
  return checked.data;
}

/** The person, when the endpoint is theirs to call: a member on an admin's endpoint gets 403. */
function allowed(endpoint: Endpoint, staff: SignedIn): SignedIn {
  if (endpoint.access === 'admin' && staff.account.role !== 'admin')
    throw new ApiProblem(403, 'admin-only', ADMIN_ONLY_MESSAGE);
  return staff;
}

/**
 * Registers an endpoint of the inbox's API from its contract: the method and path, access (a public
 * endpoint needs no session), the params, query and body parsed with the contract's schemas (a 400
 * naming each wrong field otherwise), and the reply sent as the contract says.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  { around = (_request, _reply, run) => run(), bodyLimit }: EndpointOptions = {},
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: endpoint.access === 'public' ? { access: 'public' } : {},
    handler: async (request, reply) =>
      around(request, reply, async () => {
        // Who may call it is decided before what was sent is read: a member gets 403, never a 400.
        const staff = endpoint.access === 'public' ? null : allowed(endpoint, staffOf(request));
        const call = {
          params: parse(endpoint.params, request.params),
          query: parse(endpoint.query, request.query),
          body: parse(endpoint.body, request.body),
          staff,
          request,
          reply,
        } as EndpointCall<E>;
        const result = await handler(call);
        if (endpoint.replyAs === 'no-content') return reply.code(204).send();
        if (endpoint.replyAs === 'csv') {
          const { fileName, csv } = result as CsvDownload;
          return csvDownload(reply, fileName, csv);
        }
        if (endpoint.replyAs === 'html') return htmlFrame(reply, result as string);
        if (endpoint.replyAs === 'file') return fileDownload(reply, result as FileDownload);
        return checkedReply(endpoint, result);
      }),
  });
}

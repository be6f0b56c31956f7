import { redirect } from 'react-router';
import {
  type ApiError,
  type Endpoint,
  fieldMessages,
  INVALID_MESSAGE,
} from '../../../common/inbox-api/endpoint';
import { addressOf, type CallInput, type ReplyOf } from './api-input';
import { signInHref, unauthenticatedReason } from './sign-in-reasons';

/** A call to the inbox's API that did not succeed: the status, the API's code and a sentence for the person. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const NETWORK_FAILURE_MESSAGE =
  'The server could not be reached. Check your connection, then try again.';

function fallbackMessage(status: number): string {
  if (status === 404) return 'This was not found. It may have been deleted.';
  if (status === 429) return 'Too many attempts. Wait a few minutes, then try again.';
  if (status >= 500) return 'The server had a problem and could not do this. Try again in a moment.';
  return `The server refused this (status ${status}).`;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  let body: Partial<ApiError> = {};
  try {
    body = (await response.json()) as Partial<ApiError>;
  } catch {
    // Not JSON (a proxy's error page, say): the status says enough.
  }
  const message =
    typeof body.message === 'string' && body.message ? body.message : fallbackMessage(response.status);
  const code = typeof body.error === 'string' ? body.error : `http-${response.status}`;
  return new ApiFailure(response.status, code, message, body.fields);
}

/**
 * The reply as its contract describes it (what it does not name is dropped); one that breaks the contract
 * (a server of another version, a proxy's page) is an ApiFailure the page can show.
 */
function replyOf<E extends Endpoint>(endpoint: E, json: unknown): ReplyOf<E> {
  const checked = endpoint.reply.safeParse(json);
  if (!checked.success) {
    throw new ApiFailure(
      0,
      'unexpected-reply',
      'The server answered in a way this page does not understand. Reload the page.',
    );
  }
  return checked.data as ReplyOf<E>;
}

/** No argument when the endpoint takes nothing; otherwise what it takes. */
type CallArguments<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint of the inbox's API (same origin, JSON both ways), typed from its contract
 * (common/inbox-api/), and returns its reply, or undefined for a 204. A post without a body sends {}.
 * Throws an ApiFailure for any other reply or a network failure, and a redirect to the sign-in page for
 * a 401 when `from` is given. A body its schema refuses is not sent: the ApiFailure is the server's
 * 400 (same code, sentence and field messages), from the same schema.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input = {} as CallInput<E>]: CallArguments<E>
): Promise<ReplyOf<E>> {
  const { from, body = endpoint.method === 'POST' ? {} : undefined } = input as {
    from?: Request;
    body?: unknown;
  };
  if (body !== undefined) {
    const checked = endpoint.body.safeParse(body);
    if (!checked.success) throw new ApiFailure(400, 'invalid', INVALID_MESSAGE, fieldMessages(checked.error));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(addressOf(endpoint, input), {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: from?.signal,
    });
  } catch (error) {
    if (from?.signal.aborted) throw error;
    throw new ApiFailure(0, 'network', NETWORK_FAILURE_MESSAGE);
  }
  if (response.status === 401 && from) {
    const url = new URL(from.url);
    throw redirect(signInHref(`${url.pathname}${url.search}`, unauthenticatedReason()));
  }
  if (!response.ok) throw await failureOf(response);
  if (response.status === 204) return undefined as ReplyOf<E>;
  return replyOf(endpoint, await response.json());
}

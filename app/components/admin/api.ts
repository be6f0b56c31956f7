import { redirect } from 'react-router';
import { ADMIN_API, type ApiError } from '../../../common/admin-api';
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

interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * The request of the loader or action making the call. A 401 then sends the person to sign in and
   * back to that page. Without it (the sign-in and invitation pages), a 401 is an ApiFailure like any other.
   */
  from?: Request;
}

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
 * Calls the inbox's API (same origin, JSON both ways) and returns the reply's JSON, or undefined for 204.
 * Throws an ApiFailure for any other reply or a network failure, and a redirect to the sign-in page for
 * a 401 when `from` is given.
 */
export async function callApi<T>(
  path: `/${string}`,
  { method = 'GET', body, from }: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}`, {
      method,
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
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The query string of an API call, without the empty values. */
export function queryOf<Values extends { [Name in keyof Values]: string | null | undefined }>(
  values: Values,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries<string | null | undefined>(values))
    if (value) query.set(name, value);
  const search = query.toString();
  return search ? `?${search}` : '';
}

import type { z } from 'zod';
import { INBOX_API } from '../../../common/inbox-paths';
import type { Endpoint } from '../../../common/inbox-api/endpoint';

type Nothing = Record<never, never>;

/** The fields of an object schema; never for z.object({}) (what takes nothing). */
type FieldsOf<Schema> = Schema extends { shape: infer Shape } ? keyof Shape : never;

/** The values of an endpoint's `:name` path parameters. */
type ParamsInput<E extends Endpoint> = [FieldsOf<E['params']>] extends [never]
  ? Nothing
  : { params: Record<FieldsOf<E['params']>, string | number> };

/** The query; an empty value (null, undefined or "") is left out. */
type QueryInput<E extends Endpoint> = [FieldsOf<E['query']>] extends [never]
  ? Nothing
  : { query?: { [Name in keyof z.input<E['query']>]?: z.input<E['query']>[Name] | null } };

/** The body of a post, as the contract's schema takes it. */
type BodyInput<E extends Endpoint> = E['method'] extends 'POST'
  ? [FieldsOf<E['body']>] extends [never]
    ? Nothing
    : { body: z.input<E['body']> }
  : Nothing;

/** What a call of an endpoint sends, typed from its contract. */
export type AddressInput<E extends Endpoint> = ParamsInput<E> & QueryInput<E>;
export type CallInput<E extends Endpoint> = AddressInput<E> &
  BodyInput<E> & {
    /**
     * The request of the loader or action making the call. A 401 then sends the person to sign in and
     * back to that page. Without it (the sign-in and invitation pages), a 401 is an ApiFailure like any other.
     */
    from?: Request;
  };

/** What a call of an endpoint gives back: its reply (undefined for a 204). */
export type ReplyOf<E extends Endpoint> = E['replyAs'] extends 'no-content'
  ? undefined
  : z.output<E['reply']>;

/** A query string (for a call or a page's address), without the empty values. */
export function queryOf(values: Record<string, unknown> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The address of an endpoint for these params and query, e.g. `/admin/api/leads/3` (also a CSV link). */
export function addressOf<E extends Endpoint>(endpoint: E, input: AddressInput<E>): string {
  const { params = {}, query } = input as { params?: Record<string, string | number>; query?: object };
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${INBOX_API}${path}${queryOf(query as Record<string, unknown> | undefined)}`;
}

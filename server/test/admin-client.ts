import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiError, COMMON_ERRORS, type Endpoint } from '../../common/inbox-api/endpoint.ts';
import { allEndpoints } from '../../common/inbox-api/endpoints.ts';
import { runAdminCommand } from '../admin/admin-commands.ts';
import { openStores } from '../stores.ts';
import type { Config } from '../config/config.ts';
import type { StaffRole } from '../../common/team-domain.ts';
import { virtualPasskey, type VirtualPasskey } from './virtual-passkey.ts';

/** What a same-site page of the inbox sends with each request. */
const sameSite = (config: Config) => ({ origin: config.siteUrl, 'sec-fetch-site': 'same-origin' });

/** The session cookie a reply sets, as the browser would send it back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === '__Host-session');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `__Host-session=${cookie.value}`;
}

/** The contract's entry for a call, if the address is one of the API's. */
function endpointOf(method: string, path: string): Endpoint | undefined {
  const address = path.split('?')[0] ?? '';
  const pattern = (endpoint: Endpoint) =>
    new RegExp(`^${endpoint.path.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}$`);
  // A fixed path (/leads/export.csv) before one with a parameter (/leads/:id).
  const fixedFirst = [...allEndpoints].sort(
    (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
  );
  return fixedFirst.find((endpoint) => endpoint.method === method && pattern(endpoint).test(address));
}

/**
 * Checks a reply of the API against the contract, so that drift between the two fails a test: a 2xx
 * answers what the endpoint's reply schema says (not a field more), anything else is an ApiError
 * with a code the endpoint lists (or any endpoint may give).
 */
function checkAgainstContract(method: string, path: string, response: LightMyRequestResponse) {
  const endpoint = endpointOf(method, path);
  const where = `${method} ${path} (${response.statusCode})`;
  if (response.statusCode >= 400) {
    const body = apiError.strict().safeParse(response.json());
    if (!body.success) throw new Error(`${where}: not an ApiError: ${response.body}`);
    const known = [
      ...COMMON_ERRORS,
      ...(endpoint?.errors ?? ['not-found']),
      ...(endpoint?.access === 'admin' ? ['admin-only'] : []),
    ];
    if (!known.includes(body.data.error)) {
      throw new Error(`${where}: the error code "${body.data.error}" is not in the contract's entry`);
    }
    return;
  }
  if (!endpoint) throw new Error(`${where}: no entry in the contract`);
  if (endpoint.replyAs === 'no-content') {
    if (response.statusCode !== 204 || response.body !== '') throw new Error(`${where}: expected a 204`);
  } else if (endpoint.replyAs === 'csv') {
    if (!String(response.headers['content-type']).startsWith('text/csv'))
      throw new Error(`${where}: not a CSV`);
  } else if (endpoint.replyAs === 'file') {
    if (!String(response.headers['content-disposition']).startsWith('attachment;'))
      throw new Error(`${where}: not a file to save`);
  } else if (endpoint.replyAs === 'html') {
    if (!String(response.headers['content-type']).startsWith('text/html'))
      throw new Error(`${where}: not an HTML document`);
  } else {
    const body: unknown = response.json();
    const parsed = endpoint.reply.safeParse(body);
    if (!parsed.success) throw new Error(`${where}: the reply breaks the contract: ${parsed.error.message}`);
    if (!isDeepStrictEqual(parsed.data, body)) {
      throw new Error(`${where}: the reply has fields the contract does not know: ${response.body}`);
    }
  }
}

/**
 * An inbox API call as the page makes it (JSON, same site), with the session cookie if given; its
 * reply is checked against the contract (checkAgainstContract).
 */
export async function api(
  app: FastifyInstance,
  config: Config,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...sameSite(config),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  checkAgainstContract(method, path, response);
  return response;
}

/** `npm run admin -- invite <email>` against the app's database; the token from the printed link. */
export async function invite(
  config: Config,
  email: string,
  now = new Date(),
  role: StaffRole = 'admin',
): Promise<{ token: string; output: string }> {
  const stores = await openStores(config);
  let output = '';
  try {
    const code = await runAdminCommand(['invite', email, '--role', role], {
      ...stores,
      siteUrl: config.siteUrl,
      siteUrlIsSet: true,
      io: { out: (text) => void (output += text), err: (text) => void (output += text) },
      now,
    });
    if (code !== 0) throw new Error(output);
  } finally {
    await stores.close();
  }
  const token = /#([A-Za-z0-9_-]{43})$/m.exec(output)?.[1];
  if (!token) throw new Error(`no invitation link in: ${output}`);
  return { token, output };
}

/** Accepts an invitation with a new software passkey: the person is then signed in. */
export async function acceptInvitation(
  app: FastifyInstance,
  config: Config,
  token: string,
  passkey?: VirtualPasskey,
) {
  const key = passkey ?? virtualPasskey(config.siteUrl);
  const options = await api(app, config, 'POST', '/invitation/options', { body: { token } });
  if (options.statusCode !== 200) throw new Error(`options: ${options.statusCode} ${options.body}`);
  const { flow, options: creation } = options.json<{ flow: string; options: Record<string, unknown> }>();
  const accepted = await api(app, config, 'POST', '/invitation/accept', {
    body: { token, flow, response: key.register(creation) },
  });
  return { response: accepted, passkey: key };
}

/** Signs in with a passkey; the reply (with the cookie on success). */
export async function signInWith(app: FastifyInstance, config: Config, passkey: VirtualPasskey) {
  const options = await api(app, config, 'POST', '/sign-in/options', { body: {} });
  const { flow, options: request } = options.json<{ flow: string; options: Record<string, unknown> }>();
  return api(app, config, 'POST', '/sign-in', { body: { flow, response: passkey.authenticate(request) } });
}

/** A signed-in staff member: invited, passkey made, session cookie in hand. */
export async function staffMember(
  app: FastifyInstance,
  config: Config,
  email = 'priya@acme.test',
  role: StaffRole = 'admin',
) {
  const { token } = await invite(config, email, new Date(), role);
  const { response, passkey } = await acceptInvitation(app, config, token);
  return { cookie: sessionCookie(response), passkey, email };
}

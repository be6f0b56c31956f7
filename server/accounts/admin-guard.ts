import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCrossSite } from '../forms/request-origin.ts';
import { isRefusedByFetchMetadata } from '../security/fetch-metadata.ts';
import { ApiProblem } from './api-problem.ts';
import type { SessionRepository, SignedIn } from './session-repository.ts';

/** The session cookie: `__Host-` makes the browser require Secure, Path=/ and no Domain. */
const SESSION_COOKIE = '__Host-session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** "public": the route works without a session (signing in, accepting an invitation). */
    access?: 'public';
  }
  interface FastifyRequest {
    /** The staff member whose session the request carries, and that session; set on every route that is not public. */
    staff: SignedIn | null;
  }
}

export interface GuardOptions {
  sessions: SessionRepository;
  siteUrl: string;
  now: () => Date;
}

/**
 * Guards every route of the scope it is registered in: a request another site
 * made the browser send (Fetch Metadata: any method, a navigation included, so
 * a link cannot start an export) or a state-changing request with another
 * site's Origin is refused (403), and a request without a valid
 * session (401), unless the route says `config: { access: 'public' }`. A
 * route added to the scope is guarded without doing anything.
 */
export async function guardRoutes(app: FastifyInstance, { sessions, siteUrl, now }: GuardOptions) {
  await app.register(cookie);
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    if (
      isRefusedByFetchMetadata(request.method, request.headers, 'resource') ||
      (!SAFE_METHODS.has(request.method) && isCrossSite(request.headers, { ownHost: request.host, siteUrl }))
    ) {
      throw new ApiProblem(403, 'cross-site', 'This request came from another site and was refused.');
    }
    if (request.routeOptions.config?.access === 'public') return;
    const staff = await sessions.find(request.cookies[SESSION_COOKIE], now());
    if (!staff) throw new ApiProblem(401, 'unauthenticated', 'Your session has ended. Please sign in again.');
    request.staff = staff;
  });
}

/** The staff member and session of a request on a guarded route (where the guard always sets them). */
export function staffOf(request: { staff: SignedIn | null }): SignedIn {
  if (!request.staff)
    throw new ApiProblem(401, 'unauthenticated', 'Your session has ended. Please sign in again.');
  return request.staff;
}

/** The session token the browser sent, if any (valid or not). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
}

import type { FastifyInstance } from 'fastify';
import { helperEndpoints, type HelperStatus } from '../../common/inbox-api/helper-endpoints.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface HelperRoutesOptions {
  /** The scanner and the mailbox now (server/helper-services.ts). */
  helperStatus: () => Promise<HelperStatus>;
}

/** GET /helpers: whether the virus scanner and the mailbox are up, for the banner on every inbox page. */
export async function helperRoutes(app: FastifyInstance, options: HelperRoutesOptions) {
  registerEndpoint(app, helperEndpoints.status, async () => options.helperStatus());
}

import type { FastifyInstance } from 'fastify';
import { INBOX_API } from '../../common/inbox-paths.ts';
import { allEndpoints } from '../../common/inbox-api/endpoints.ts';
import { guardRoutes, type GuardOptions } from '../accounts/admin-guard.ts';
import { answerProblemsAsJson, notFound } from '../accounts/api-problem.ts';
import { holdRoutesToContract } from '../accounts/contract-routes.ts';
import { type FeatureRoutes, registerAll } from '../plugins/feature-definition.ts';

export type AdminRoutesOptions = GuardOptions & {
  /** Every feature's inbox endpoints (server/features.ts), each registered with these options. */
  routes: readonly FeatureRoutes[];
  /** The site's public origin (SITE_URL): requests from any other site are refused. */
  siteUrl: string;
};

/** The address of the JSON 404 for any address of the API outside the contract. */
const CATCH_ALL = '/*';

/**
 * The inbox's JSON API under /admin/api: exactly the endpoints of its contract (common/inbox-api/),
 * registered from it. Every route in this scope is guarded (admin-guard.ts): a session is required
 * unless the endpoint is public, and another site's state-changing request is refused. Every answer is JSON
 * and never cached; the pages themselves are the app shell (static-site.ts).
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  await app.register(
    async (api) => {
      holdRoutesToContract(api, { prefix: INBOX_API, endpoints: allEndpoints, catchAll: CATCH_ALL });
      answerProblemsAsJson(api);
      // JSON only: a cross-site "simple" text/plain post cannot even be read.
      api.removeContentTypeParser('text/plain');
      await guardRoutes(api, options);
      // (X-Robots-Tag and COOP: the server's security headers hook marks every answer under /admin.)
      api.addHook('onSend', async (_request, reply) => {
        // A downloaded file says "private, no-store" itself (a shared cache must not keep it either).
        if (!String(reply.getHeader('cache-control') ?? '').includes('no-store'))
          reply.header('cache-control', 'no-store');
      });

      // Each feature's endpoints, with the options the composition checked against all of them.
      await registerAll(api, options.routes, options);

      // Any other address under the API is a JSON 404 (not the app shell that answers /admin/*).
      api.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: CATCH_ALL,
        handler: async () => {
          throw notFound('This address of the inbox');
        },
      });
    },
    { prefix: INBOX_API },
  );
}

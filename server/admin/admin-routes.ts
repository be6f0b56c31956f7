import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../common/admin-api.ts';
import { allEndpoints } from '../../common/inbox-api/endpoints.ts';
import { activityRoutes } from '../accounts/activity-routes.ts';
import { guardRoutes } from '../accounts/admin-guard.ts';
import { answerProblemsAsJson, notFound } from '../accounts/api-problem.ts';
import { authRoutes, type AuthRoutesOptions } from '../accounts/auth-routes.ts';
import {
  campaignControlRoutes,
  campaignRoutes,
  type CampaignRoutesOptions,
  campaignSendingRoutes,
} from '../newsletter/campaign-routes.ts';
import { holdRoutesToContract } from '../accounts/contract-routes.ts';
import {
  conversationRoutes,
  type ConversationRoutesOptions,
  savedReplyRoutes,
} from '../conversations/conversation-routes.ts';
import { dashboardRoutes, type DashboardRoutesOptions } from '../dashboard/dashboard-routes.ts';
import { autoReplyRoutes, type AutoReplyRoutesOptions } from '../leads/auto-reply-routes.ts';
import {
  integrationDeliveryRoutes,
  integrationRoutes,
  type IntegrationRoutesOptions,
} from '../integrations/integration-routes.ts';
import { followUpRoutes, type FollowUpRoutesOptions } from '../team/follow-up-routes.ts';
import { helperRoutes, type HelperRoutesOptions } from './helper-routes.ts';
import { leadRoutes, type LeadRoutesOptions, leadWorkRoutes } from '../leads/lead-routes.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { subscriberRoutes, type SubscriberRoutesOptions } from '../newsletter/subscriber-routes.ts';
import { teamRoutes } from '../team/team-routes.ts';
import { ownerRoutes, type OwnerRoutesOptions } from '../team/owner-routes.ts';

export type AdminRoutesOptions = AuthRoutesOptions &
  LeadRoutesOptions &
  SubscriberRoutesOptions &
  CampaignRoutesOptions &
  IntegrationRoutesOptions &
  AutoReplyRoutesOptions &
  DashboardRoutesOptions &
  ConversationRoutesOptions &
  FollowUpRoutesOptions &
  HelperRoutesOptions &
  OwnerRoutesOptions & {
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
      holdRoutesToContract(api, { prefix: ADMIN_API, endpoints: allEndpoints, catchAll: CATCH_ALL });
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

      await api.register(authRoutes, options);
      await api.register(leadRoutes, options);
      await api.register(leadWorkRoutes, options);
      await api.register(outboxRoutes, options);
      await api.register(subscriberRoutes, options);
      await api.register(activityRoutes, options);
      await api.register(campaignRoutes, options);
      await api.register(campaignSendingRoutes, options);
      await api.register(campaignControlRoutes, options);
      await api.register(integrationRoutes, options);
      await api.register(integrationDeliveryRoutes, options);
      await api.register(autoReplyRoutes, options);
      await api.register(dashboardRoutes, options);
      await api.register(conversationRoutes, options);
      await api.register(savedReplyRoutes, options);
      await api.register(followUpRoutes, options);
      await api.register(teamRoutes, options);
      await api.register(ownerRoutes, options);
      await api.register(helperRoutes, options);

      // Any other address under the API is a JSON 404 (not the app shell that answers /admin/*).
      api.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: CATCH_ALL,
        handler: async () => {
          throw notFound('This address of the inbox');
        },
      });
    },
    { prefix: ADMIN_API },
  );
}

import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../common/inbox-api/settings-endpoints.ts';
import type { IntegrationServices } from '../integrations/integration-services.ts';
import { ApiProblem } from './api-problem.ts';
import { registerEndpoint } from './register-endpoint.ts';

export interface SettingsRoutesOptions {
  integrationServices: IntegrationServices;
}

/** STUB (being built): Settings → Integrations and the auto-reply. */
export async function settingsRoutes(app: FastifyInstance, _options: SettingsRoutesOptions) {
  const notYet = async (): Promise<never> => {
    throw new ApiProblem(501, 'not-built', 'Settings are being built.');
  };
  for (const endpoint of Object.values(settingsEndpoints)) registerEndpoint(app, endpoint, notYet);
}

import type { LeadDeliveries } from '../leads/lead-page-sources.ts';
import { integrationDelivery } from './integration-delivery-view.ts';
import type { IntegrationRepository } from './integration-repository.ts';

/** Why an integration is off when the system gave no reason of its own. */
const TURNED_OFF = 'Turned off after its deliveries failed.';

/**
 * What the inbox's lead pages show of the integrations (leads/lead-routes.ts asks in its own words):
 * each lead's deliveries as of now, and the integrations the system turned off.
 */
export function leadDeliveries(integrations: IntegrationRepository, now: () => Date): LeadDeliveries {
  return {
    async ofLead(leadId) {
      return (await integrations.ofLead(leadId)).map((row) => integrationDelivery(row, now()));
    },
    async disabledBySystem() {
      return (await integrations.disabledBySystem()).map((row) => ({
        id: row.id,
        kind: row.kind,
        reason: row.disabled_reason ?? TURNED_OFF,
      }));
    },
  };
}

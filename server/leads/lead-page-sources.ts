import type { z } from 'zod';
import type { IntegrationDelivery, leadList } from '../../common/inbox-api/lead-schemas.ts';
import type { ConversationColumns } from './lead-export.ts';

/**
 * What the inbox's lead pages show of the features that work on the leads, in the leads' own words: the
 * composition passes them in (integrations/lead-deliveries.ts, the conversations' repository), so that
 * the leads import neither feature.
 */

/** An integration the system turned off, as the inbox's banner shows it. */
type DisabledIntegration = z.infer<typeof leadList>['disabledIntegrations'][number];

export interface LeadDeliveries {
  ofLead(leadId: number): Promise<IntegrationDelivery[]>;
  /** The integrations turned off by the system after their deliveries failed. */
  disabledBySystem(): Promise<DisabledIntegration[]>;
}

/** What the lead pages show of the conversations: the leads with a new reply, and the CSV's figures. */
export interface LeadConversations {
  unreadAmong(leadIds: readonly number[]): Promise<Set<number>>;
  unreadLeads(): Promise<number[]>;
  figuresOf(leadIds: readonly number[]): Promise<Map<number, ConversationColumns>>;
}

/** Every endpoint of the inbox's API, by area: what the server registers and the pages call. */
import { accountEndpoints } from './account-endpoints.ts';
import { activityEndpoints } from './activity-endpoints.ts';
import { campaignEndpoints } from './campaign-endpoints.ts';
import { conversationEndpoints } from './conversation-endpoints.ts';
import { dashboardEndpoints } from './dashboard-endpoints.ts';
import type { Endpoint } from './endpoint.ts';
import { followUpEndpoints } from './follow-up-endpoints.ts';
import { helperEndpoints } from './helper-endpoints.ts';
import { leadEndpoints } from './lead-endpoints.ts';
import { outboxEndpoints } from './outbox-endpoints.ts';
import { photoEndpoints } from './photo-endpoints.ts';
import { settingsEndpoints } from './settings-endpoints.ts';
import { subscriberEndpoints } from './subscriber-endpoints.ts';
import { teamEndpoints } from './team-endpoints.ts';
import { websiteEndpoints } from './website-endpoints.ts';

export const inboxApi = {
  dashboard: dashboardEndpoints,
  account: accountEndpoints,
  leads: leadEndpoints,
  conversations: conversationEndpoints,
  followUps: followUpEndpoints,
  outbox: outboxEndpoints,
  subscribers: subscriberEndpoints,
  campaigns: campaignEndpoints,
  activity: activityEndpoints,
  settings: settingsEndpoints,
  team: teamEndpoints,
  helpers: helperEndpoints,
  website: websiteEndpoints,
  photos: photoEndpoints,
};

/** The endpoints as one list: the server checks that it registers exactly these. */
export const allEndpoints: readonly Endpoint[] = Object.values(inboxApi).flatMap((area): Endpoint[] =>
  Object.values(area),
);

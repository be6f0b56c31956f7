import type { FastifyInstance } from 'fastify';
import { followUpLabel } from '../../common/follow-up-dates.ts';
import { followUpEndpoints } from '../../common/inbox-api/follow-up-endpoints.ts';
import type { FollowUpGroup } from '../../common/inbox-api/follow-up-endpoints.ts';
import { staffNameOf } from '../accounts/staff-names.ts';
import type { FollowUpGroup as StoredGroup, LeadFollowUps } from '../leads/lead-follow-up.ts';
import { calendarDateOf } from '../time/zoned-time.ts';
import type { AccountRepository } from '../accounts/account-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface FollowUpRoutesOptions {
  followUps: LeadFollowUps;
  accounts: AccountRepository;
  activity: ActivityLog;
  now: () => Date;
}

/** The group as the view shows it: each owner by name. */
function withOwners(group: StoredGroup, names: ReadonlyMap<number, string>): FollowUpGroup {
  return {
    total: group.total,
    leads: group.leads.map(({ ownerId, ...lead }) => ({
      ...lead,
      owner: ownerId === null ? null : (names.get(ownerId) ?? null),
    })),
  };
}

/**
 * Follow-ups: a lead's, set ("Set follow-up") and cleared ("Done") from its page, each change in the
 * activity log (the lead's timeline has it too); and the Follow-ups view. A follow-up set for a day
 * whose reminder time has passed (today, after FOLLOW_UP_REMINDER_TIME) is reminded of at once.
 */
export async function followUpRoutes(app: FastifyInstance, options: FollowUpRoutesOptions) {
  const { followUps, accounts, activity, now } = options;
  const state = async (id: number) => {
    const found = await followUps.of(id);
    if (!found) throw notFound('This lead');
    return { on: found.on, today: followUps.today() };
  };

  registerEndpoint(app, followUpEndpoints.list, async ({ query, staff }) => {
    const [groups, listing] = await Promise.all([
      followUps.groups(query.mine ? staff.account.id : undefined),
      accounts.list(),
    ]);
    const names = new Map(listing.map(({ account }) => [account.id, staffNameOf(account.email)]));
    return {
      today: groups.today,
      overdue: withOwners(groups.overdue, names),
      due: withOwners(groups.due, names),
      upcoming: withOwners(groups.upcoming, names),
    };
  });

  registerEndpoint(app, followUpEndpoints.ofLead, async ({ params }) => state(params.id));

  registerEndpoint(app, followUpEndpoints.set, async ({ params: { id }, body, staff: { account } }) => {
    const on = calendarDateOf(body.on);
    const changed = await followUps.set(id, on, account.email);
    if (!changed) throw notFound('This lead');
    if (changed.outcome === 'past') {
      throw new ApiProblem(400, 'past-date', 'Choose today or a later date: that day has passed.', {
        on: 'Choose today or a later date: that day has passed.',
      });
    }
    if (changed.outcome === 'set') {
      const label = followUpLabel(on, followUps.today());
      await activity.record(
        {
          actor: account.email,
          action: 'follow-up-changed',
          summary: `Lead #${id}: follow up on ${label}`,
          leadId: id,
        },
        now(),
      );
      // Today, after the reminder time: the reminder goes out now, not at the next minute's check.
      if (on === followUps.today()) await app.followUpReminders?.runOnce();
    }
    return state(id);
  });

  registerEndpoint(app, followUpEndpoints.clear, async ({ params: { id }, staff: { account } }) => {
    const cleared = await followUps.clear(id, account.email);
    if (!cleared) throw notFound('This lead');
    if (cleared.from !== null) {
      const label = followUpLabel(cleared.from, followUps.today());
      await activity.record(
        {
          actor: account.email,
          action: 'follow-up-changed',
          summary: `Lead #${id}: follow-up done (was ${label})`,
          leadId: id,
        },
        now(),
      );
    }
    return state(id);
  });
}

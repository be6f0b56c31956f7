import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '../../common/inbox-api/account-endpoints.ts';
import { leadEndpoints } from '../../common/inbox-api/lead-endpoints.ts';
import { settingsEndpoints } from '../../common/inbox-api/settings-endpoints.ts';
import { ASSIGNMENT_MODE_LABELS } from '../../common/team-domain.ts';
import type { Storage } from '../db/database.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import { changeOwner } from '../leads/lead-owner.ts';
import type { AccountRepository } from '../accounts/account-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { forYouEmail, type LeadAssignment } from './lead-assignment.ts';
import { createPreferences } from '../accounts/preferences.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';
import { staffNames } from '../accounts/staff-names.ts';

export interface OwnerRoutesOptions {
  storage: Pick<Storage, 'db' | 'write'>;
  accounts: AccountRepository;
  activity: ActivityLog;
  assignment: LeadAssignment;
  mailDomain: string;
  /** FOLLOW_UP_REMINDER_TIME: when the daily digests go out (Account says so). */
  reminderTime: string;
  /** Wakes the outbox worker after an email was queued. */
  onQueued: () => void;
  now: () => Date;
}

/** A lead's owner set on its page: logged on its timeline and in the activity log; the new owner told. */
function setOwnerRoute(app: FastifyInstance, options: OwnerRoutesOptions) {
  const { storage, accounts, activity, now } = options;
  registerEndpoint(app, leadEndpoints.setOwner, async ({ params, body, staff }) => {
    const owner = body.ownerId === null ? undefined : await accounts.byId(body.ownerId);
    if (body.ownerId !== null && (!owner || owner.revoked_at !== null))
      throw new ApiProblem(400, 'unknown-owner', 'This person cannot own leads: choose someone on the team.');
    const names = await staffNames(accounts);
    const nameOf = (id: number | null) => (id === null ? 'Nobody' : (names.get(id) ?? `Account ${id}`));
    const at = now();
    const changed = await storage.write.run(async (trx) => {
      const text = (from: number | null) => `Owner: ${nameOf(from)} → ${nameOf(body.ownerId)}`;
      const change = { leadId: params.id, ownerId: body.ownerId, actor: staff.account.email, text };
      const result = await changeOwner(trx, change, at);
      if (!result) return undefined;
      if (result.from === body.ownerId) return null;
      if (owner && owner.id !== staff.account.id && owner.new_lead_emails !== 'none')
        await queueEmails(trx, [forYouEmail(params.id, owner.email, options.mailDomain, at)]);
      return result.text;
    });
    if (changed === undefined) throw notFound('This lead');
    if (changed === null) return;
    options.onQueued();
    const summary = `Lead #${params.id}: ${changed.replace(/^Owner: /, '')}`;
    await activity.record(
      { actor: staff.account.email, action: 'owner-changed', summary, leadId: params.id },
      at,
    );
  });
}

/**
 * Owners: a lead's set on its page; Settings → Lead assignment (admins); and each person's own choices in
 * Account (taking leads in turn, the emails they get).
 */
export async function ownerRoutes(app: FastifyInstance, options: OwnerRoutesOptions) {
  const { assignment, activity, now } = options;
  const preferences = createPreferences(options.storage);
  setOwnerRoute(app, options);

  registerEndpoint(app, settingsEndpoints.assignment, async () => ({ mode: await assignment.mode() }));
  registerEndpoint(app, settingsEndpoints.saveAssignment, async ({ body, staff }) => {
    const at = now();
    if (await assignment.setMode(body.mode, staff.account.email, at)) {
      const summary = `New leads: ${ASSIGNMENT_MODE_LABELS[body.mode]}`;
      await activity.record({ actor: staff.account.email, action: 'assignment-changed', summary }, at);
    }
    return { mode: await assignment.mode() };
  });

  const digestAt = options.reminderTime;
  registerEndpoint(app, accountEndpoints.preferences, async ({ staff }) => ({
    ...(await preferences.of(staff.account.id)),
    digestAt,
  }));
  registerEndpoint(app, accountEndpoints.savePreferences, async ({ body, staff }) => {
    const saved = { ...(await preferences.save(staff.account.id, body)), digestAt };
    await activity.record(
      {
        actor: staff.account.email,
        action: 'preferences-changed',
        summary: 'Changed their lead and email settings',
      },
      now(),
    );
    return saved;
  });
}

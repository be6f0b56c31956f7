import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../common/inbox-api/settings-endpoints.ts';
import type { AutoReply } from './auto-reply.ts';
import { autoReplyContent } from './quote-emails.ts';
import type { ActivityLog, NewActivity } from '../accounts/activity-log.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface AutoReplyRoutesOptions {
  autoReply: AutoReply;
  activity: ActivityLog;
  siteUrl: string;
  now: () => Date;
}

/** The reference the auto-reply's preview shows (a real one is random: lead-reference.ts). */
const SAMPLE_REFERENCE = 'Q-7F3K9C';

/** Settings → Auto-reply: read, saved (in the activity log, what changed) and previewed. */
export async function autoReplyRoutes(app: FastifyInstance, options: AutoReplyRoutesOptions) {
  const { autoReply, activity, siteUrl, now } = options;
  const record = (entry: NewActivity) => activity.record(entry, now());

  registerEndpoint(app, settingsEndpoints.autoReply, async () => autoReply.get());

  registerEndpoint(app, settingsEndpoints.saveAutoReply, async ({ body, staff }) => {
    const before = await autoReply.get();
    const saved = await autoReply.save(body, staff.account.email, now());
    const changes = [
      ...(saved.enabled !== before.enabled ? [saved.enabled ? 'turned it on' : 'turned it off'] : []),
      ...(saved.text !== before.text ? ['changed its text'] : []),
    ];
    await record({
      actor: staff.account.email,
      action: 'auto-reply-changed',
      summary: `Auto-reply: ${changes.length > 0 ? changes.join(', ') : 'saved unchanged'} (${saved.enabled ? 'on' : 'off'})`,
    });
    return saved;
  });

  registerEndpoint(app, settingsEndpoints.previewAutoReply, async ({ body: { text } }) => {
    const { subject, text: body } = autoReplyContent(text, SAMPLE_REFERENCE, siteUrl);
    return { subject, text: body };
  });
}

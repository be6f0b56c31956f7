import type { Transaction } from 'kysely';
import { company } from '../../common/company.ts';
import { newsletterPaths } from '../../common/newsletter.ts';
import type { RecordActivity } from '../db/activity-line.ts';
import type { Database } from '../db/database-tables.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import { headerText, type OutgoingMail } from '../mail/outgoing-mail.ts';
import type { MessageKind, Failure } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { campaignEmailParts, type CampaignEmailParts } from './campaign-email-batch.ts';
import { type RenderedCampaign, renderCampaign } from './campaign-render.ts';
import { countFailureAndPauseAtLimit } from './campaign-self-pause.ts';
import { CAMPAIGN_KIND, CAMPAIGN_TEST_KIND, campaignIdOf, type CampaignRow } from './campaign-tables.ts';
import { subscriberIdOf } from './newsletter-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

export interface CampaignEmailSettings {
  from: MailAddress;
  /** The company inbox, for replies. */
  replyTo: string | undefined;
  /** The public origin the links point to (SITE_URL). */
  siteUrl: string;
}

/**
 * Stands for the recipient's token while the campaign is rendered once for all of them; letters and
 * digits only, so neither the HTML escaping, the CSS inliner nor the text conversion changes it.
 */
const TOKEN_PLACEHOLDER = 'CAMPAIGNRECIPIENTTOKEN0PLACEHOLDER';
/** Campaigns rendered (a cache of this process, by campaign, version and archive address). */
const RENDERED_KEPT = 8;

/** The List-Id of every campaign: one list, named for the company, under the site's host. */
function listId(siteUrl: string): string {
  return `${headerText(company.name, 60)} newsletter <newsletter.${new URL(siteUrl).hostname}>`;
}

/**
 * A campaign's email failed: a permanent failure (5xx) marks the subscriber bounced (no campaign goes to
 * them again), and the campaign counts the failure, pausing itself after too many in a row
 * (campaign-self-pause.ts). In the outbox's transaction, with the email's new state.
 */
async function campaignEmailFailed(
  trx: Transaction<Database>,
  row: OutboxRow,
  at: Date,
  failure: Failure,
  recordActivity: RecordActivity<'campaign-paused'>,
): Promise<number | undefined> {
  const subscriberId = subscriberIdOf(row);
  if (failure.permanent && subscriberId !== null) {
    await tablesOf<NewsletterTables>(trx)
      .updateTable('subscribers')
      .set({ status: 'bounced', bounced_at: at.toISOString() })
      .where('id', '=', subscriberId)
      .where('status', '=', 'confirmed')
      .execute();
  }
  const campaignId = campaignIdOf(row);
  if (campaignId === null) return undefined;
  return countFailureAndPauseAtLimit(trx, campaignId, at, failure, recordActivity);
}

/**
 * Renders a campaign once per campaign and version (and archive address), with a placeholder where
 * each recipient's unsubscribe token goes; the latest few are kept.
 */
function renderCache(settings: CampaignEmailSettings, unsubscribePage: string) {
  const rendered = new Map<string, RenderedCampaign>();
  return function renderOnce(campaign: CampaignRow): RenderedCampaign {
    const archiveSlug = campaign.publish_in_archive ? campaign.slug : null;
    const key = `${campaign.id}:${campaign.version}:${archiveSlug ?? ''}`;
    const kept = rendered.get(key);
    if (kept) return kept;
    const fresh = renderCampaign(
      { subject: campaign.subject, preheader: campaign.preheader, bodyMarkdown: campaign.body_markdown },
      {
        siteUrl: settings.siteUrl,
        archiveSlug,
        unsubscribeUrl: `${unsubscribePage}?token=${TOKEN_PLACEHOLDER}`,
      },
    );
    rendered.set(key, fresh);
    for (const old of rendered.keys()) if (rendered.size > RENDERED_KEPT) rendered.delete(old);
    return fresh;
  };
}

/** The campaign's email to each subscriber (lane 'campaign'), with the recipient's own unsubscribe link. */
function campaignKind(
  settings: CampaignEmailSettings,
  recordActivity: RecordActivity<'campaign-paused'>,
): MessageKind {
  const unsubscribePage = `${settings.siteUrl}${newsletterPaths.unsubscribe}`;
  const renderOnce = renderCache(settings, unsubscribePage);
  const build = (row: OutboxRow, { campaign, token: raw }: CampaignEmailParts): OutgoingMail => {
    const token = encodeURIComponent(raw);
    const email = renderOnce(campaign);
    const personal = (text: string) => text.split(TOKEN_PLACEHOLDER).join(token);
    return {
      from: settings.from,
      to: [row.recipient],
      ...(settings.replyTo ? { replyTo: { address: settings.replyTo } } : {}),
      subject: headerText(campaign.subject, 200),
      text: personal(email.text),
      html: personal(email.html),
      messageId: row.message_id,
      headers: {
        'List-Unsubscribe': `<${unsubscribePage}?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': listId(settings.siteUrl),
      },
    };
  };
  /**
   * Each campaign's run of failures as this process last saw it (read when its emails were prepared, or
   * counted when one failed): a batch sent resets only the runs that may not be 0, so a campaign that sends
   * well costs no statement for it. Another instance's failure between the read and the reset may then
   * stay counted until the next pass reads it again.
   */
  const runs = new Map<number, number>();
  const prepareBatch = async (trx: Transaction<Database>, rows: readonly OutboxRow[], at: Date) => {
    const parts = await campaignEmailParts(trx, rows, at);
    return rows.map((row, index) => {
      const part = parts[index] ?? { cancelled: 'the campaign was deleted' };
      if (!('campaign' in part)) return part;
      runs.set(part.campaign.id, part.campaign.failures_in_row);
      return build(row, part);
    });
  };
  const failed = async (trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure) => {
    const run = await campaignEmailFailed(trx, row, at, failure, recordActivity);
    const campaignId = campaignIdOf(row);
    if (campaignId !== null) runs.set(campaignId, run ?? Number.NaN);
  };
  return {
    kind: CAMPAIGN_KIND,
    async prepare(trx, row, at) {
      const [built] = await prepareBatch(trx, [row], at);
      return built ?? { cancelled: 'the campaign was deleted' };
    },
    prepareBatch,
    async onSentBatch(trx, rows) {
      // One that went ends a run of failures: those that may not be 0 are set to 0.
      const ids = [...new Set(rows.map((row) => campaignIdOf(row) ?? -1))].filter((id) => runs.get(id) !== 0);
      if (ids.length === 0) return;
      for (const id of ids) runs.set(id, 0);
      await tablesOf<NewsletterTables>(trx)
        .updateTable('campaigns')
        .set({ failures_in_row: 0 })
        .where('id', 'in', ids)
        .where('failures_in_row', '>', 0)
        .execute();
    },
    onRetry: failed,
    onDead: failed,
    describe: (row) => ({ campaignId: campaignIdOf(row), subscriberId: subscriberIdOf(row) }),
  };
}

/** The test email of a campaign to a staff member, its subject marked "[Test]". */
function campaignTestKind(settings: CampaignEmailSettings): MessageKind {
  return {
    kind: CAMPAIGN_TEST_KIND,
    async prepare(trx, row) {
      const campaign = await tablesOf<NewsletterTables>(trx)
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', campaignIdOf(row) ?? -1)
        .executeTakeFirst();
      if (!campaign) return { cancelled: 'the campaign was deleted' };
      const unsubscribeUrl = `${settings.siteUrl}${newsletterPaths.unsubscribe}`;
      const rendered = renderCampaign(
        { subject: campaign.subject, preheader: campaign.preheader, bodyMarkdown: campaign.body_markdown },
        {
          siteUrl: settings.siteUrl,
          archiveSlug: campaign.publish_in_archive ? campaign.slug : null,
          unsubscribeUrl,
        },
      );
      return {
        from: settings.from,
        to: [row.recipient],
        ...(settings.replyTo ? { replyTo: { address: settings.replyTo } } : {}),
        subject: headerText(`[Test] ${campaign.subject}`, 200),
        text: rendered.text,
        html: rendered.html,
        messageId: row.message_id,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },
    describe: (row) => ({ campaignId: campaignIdOf(row) }),
  };
}

/**
 * A campaign's emails, as the outbox sends them. The test email to a staff member: the campaign as it
 * stands when the email goes out, rendered by the one renderer, its subject marked "[Test]". A staff
 * member is not a subscriber: its unsubscribe link (and List-Unsubscribe) is the unsubscribe page
 * without a token. And the campaign's email to each subscriber (lane 'campaign'): rendered once per
 * campaign and version, with that recipient's own unsubscribe link (a token stored hashed when the
 * email is taken for sending) in the footer and in List-Unsubscribe with one-click POST (RFC 8058),
 * List-Id, the row's Message-ID; never to a subscriber who is no longer confirmed when it is due.
 */
export function campaignEmailKinds(
  settings: CampaignEmailSettings,
  recordActivity: RecordActivity<'campaign-paused'>,
): MessageKind[] {
  return [campaignKind(settings, recordActivity), campaignTestKind(settings)];
}

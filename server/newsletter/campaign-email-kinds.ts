import { newsletterPaths } from '../../common/newsletter.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import { headerText } from '../mail/outgoing-mail.ts';
import type { EmailKind } from '../outbox/email-kind.ts';
import { renderCampaign } from './campaign-render.ts';
import { CAMPAIGN_TEST_KIND } from './campaign-tables.ts';

export interface CampaignEmailSettings {
  from: MailAddress;
  /** The company inbox, for replies. */
  replyTo: string | undefined;
  /** The public origin the links point to (SITE_URL). */
  siteUrl: string;
}

/**
 * A campaign's emails, as the outbox sends them. For now only the test email to a staff member: the
 * campaign as it stands when the email goes out, rendered by the one renderer, its subject marked
 * "[Test]". A staff member is not a subscriber: its unsubscribe link (and List-Unsubscribe) is the
 * unsubscribe page without a token, where each subscriber's email will carry its own.
 */
export function campaignEmailKinds(settings: CampaignEmailSettings): EmailKind[] {
  return [
    {
      kind: CAMPAIGN_TEST_KIND,
      async prepare(trx, row) {
        const campaign = await trx
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', row.campaign_id ?? -1)
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
      describe: (row) => ({ campaignId: row.campaign_id }),
    },
  ];
}

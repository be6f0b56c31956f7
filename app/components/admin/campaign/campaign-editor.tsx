import { useId, useState } from 'react';
import { inboxPaths } from '../../../../common/inbox-paths';
import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../api';
import { BackLink, PageHeader } from '../page-header';
import { CampaignForm } from './campaign-form';
import { CampaignStatusBadge } from './campaign-status';
import { EmailPreview } from './email-preview';
import { NoTrackingNote } from './no-tracking-note';
import { SaveProblem, SaveStatus } from './save-status';
import { SendControls } from './send-controls';
import { SendTest } from './send-test';
import { type DraftContent, useAutosave } from './use-autosave';

interface CampaignEditorProps {
  /** Null for a new campaign: its first save (once it has a subject) creates it. */
  campaign: Campaign | null;
  audience: number;
  timeZone: string;
  /** The first save created the campaign: the page's address becomes its own. */
  onCreated: (campaign: Campaign) => void;
}

/**
 * A draft (or a scheduled campaign): its subject, preview text and Markdown body, saved by themselves, a
 * live preview of the real email, a test email to oneself, and sending.
 */
export function CampaignEditor({ campaign, audience, timeZone, onCreated }: CampaignEditorProps) {
  const [content, setContent] = useState<DraftContent>({
    subject: campaign?.subject ?? '',
    preheader: campaign?.preheader ?? '',
    bodyMarkdown: campaign?.bodyMarkdown ?? '',
    publishInArchive: campaign?.publishInArchive ?? true,
  });
  const save = useAutosave({ campaign, content, onCreated });
  const statusId = useId();
  const edit = (change: Partial<DraftContent>) => setContent((current) => ({ ...current, ...change }));

  const sendTest = async () => {
    await save.flush();
    if (save.id === null) throw new ApiFailure(400, 'invalid', 'Write a subject first.');
    const { to } = await callApi(inboxApi.campaigns.sendTest, { params: { id: save.id } });
    return to;
  };

  return (
    <div className="container-page">
      <PageHeader
        before={<BackLink to={inboxPaths.campaigns}>All campaigns</BackLink>}
        title={content.subject.trim() || 'New campaign'}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CampaignStatusBadge status={campaign?.status ?? 'draft'} />
            <SaveStatus save={save.state} id={statusId} />
          </div>
        }
        actions={<SendTest ready={save.id !== null} onSend={sendTest} />}
      />
      <SaveProblem save={save.state} onRetry={() => void save.flush()} />
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <CampaignForm content={content} onEdit={edit} onSave={() => void save.flush()} />
          <SendControls
            campaign={save.id === null ? null : (campaign ?? { status: 'draft', scheduledAt: null })}
            version={save.version}
            saved={save.state.state === 'saved'}
            audience={audience}
            timeZone={timeZone}
          />
          <NoTrackingNote />
        </div>
        <EmailPreview campaignId={save.id} version={save.version} />
      </div>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { adminPaths } from '../../../../common/admin-api';
import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../api';
import { buttonClass } from '../buttons';
import { Icon } from '../icons';
import { BackLink, PageHeader } from '../page-header';
import { CampaignStatusBadge } from './campaign-status';
import { EmailPreview } from './email-preview';
import { MarkdownToolbar } from './markdown-toolbar';
import { NoTrackingNote } from './no-tracking-note';
import { SendControls } from './send-controls';
import { type DraftContent, type SaveState, useAutosave } from './use-autosave';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink placeholder:text-slate-500';

function SaveStatus({ save, id }: { save: SaveState; id: string }) {
  const text = {
    saved: 'Saved',
    unsaved: 'Unsaved changes',
    saving: 'Saving…',
    'needs-subject': 'Not saved yet: write a subject first.',
    error: save.state === 'error' ? `Not saved: ${save.message}` : '',
    stale: '',
  }[save.state];
  return (
    <span id={id} role="status" className="text-sm">
      {save.state === 'stale' ? null : (
        <span className={save.state === 'error' ? 'font-medium text-red-800' : 'text-slate-600'}>{text}</span>
      )}
    </span>
  );
}

/** A test email to oneself: saves first, then says where it went. */
function SendTest({ ready, onSend }: { ready: boolean; onSend: () => Promise<string> }) {
  const [state, setState] = useState<{ pending: boolean; done?: string; error?: string }>({ pending: false });
  const send = async () => {
    if (state.pending) return;
    setState({ pending: true });
    try {
      setState({ pending: false, done: `Test email sent to ${await onSend()}.` });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setState({ pending: false, error: `The test email was not sent: ${error.message}` });
    }
  };
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={!ready}
        aria-disabled={state.pending || undefined}
        onClick={() => void send()}
      >
        <Icon name="mail" />
        {state.pending ? 'Sending test…' : 'Send test'}
      </button>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {state.done}
      </p>
      <p role="alert" className="text-sm text-red-800 empty:hidden">
        {state.error}
      </p>
    </div>
  );
}

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
  const body = useRef<HTMLTextAreaElement>(null);
  const ids = {
    status: useId(),
    subject: useId(),
    preheader: useId(),
    body: useId(),
    bodyHint: useId(),
    archive: useId(),
  };
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
        before={<BackLink to={adminPaths.campaigns}>All campaigns</BackLink>}
        title={content.subject.trim() || 'New campaign'}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CampaignStatusBadge status={campaign?.status ?? 'draft'} />
            <SaveStatus save={save.state} id={ids.status} />
          </div>
        }
        actions={<SendTest ready={save.id !== null} onSend={sendTest} />}
      />
      {save.state.state === 'stale' && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p className="font-medium">Not saved: {save.state.message}</p>
          <button
            type="button"
            className={`${buttonClass.small} mt-2`}
            onClick={() => window.location.reload()}
          >
            Reload the campaign
          </button>
        </div>
      )}
      {save.state.state === 'error' && (
        <button type="button" className={`${buttonClass.small} mt-3`} onClick={() => void save.flush()}>
          <Icon name="retry" />
          Try saving again
        </button>
      )}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <form
            aria-label="Campaign"
            className="space-y-5 rounded-xl border border-slate-200 bg-white p-5"
            onSubmit={(event) => {
              event.preventDefault();
              void save.flush();
            }}
          >
            <div>
              <label htmlFor={ids.subject} className="block font-semibold text-ink">
                Subject
              </label>
              <input
                id={ids.subject}
                type="text"
                required
                maxLength={200}
                value={content.subject}
                onChange={(event) => edit({ subject: event.target.value })}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={`${ids.preheader}-input`} className="block font-semibold text-ink">
                Preview text
              </label>
              <p id={ids.preheader} className="text-sm text-slate-600">
                Mail programs show it after the subject.
              </p>
              <input
                id={`${ids.preheader}-input`}
                type="text"
                maxLength={200}
                aria-describedby={ids.preheader}
                value={content.preheader}
                onChange={(event) => edit({ preheader: event.target.value })}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={ids.body} className="block font-semibold text-ink">
                Body
              </label>
              <p id={ids.bodyHint} className="mb-1 text-sm text-slate-600">
                In Markdown. Images by their https address only.
              </p>
              <MarkdownToolbar
                target={body}
                controls={ids.body}
                onEdit={(value) => edit({ bodyMarkdown: value })}
              />
              <textarea
                ref={body}
                id={ids.body}
                rows={16}
                aria-describedby={ids.bodyHint}
                value={content.bodyMarkdown}
                onChange={(event) => edit({ bodyMarkdown: event.target.value })}
                className={`${fieldClass} mt-0 rounded-t-none font-mono text-sm leading-6`}
              />
            </div>
            <div className="flex items-start gap-3">
              <input
                id={ids.archive}
                type="checkbox"
                checked={content.publishInArchive}
                onChange={(event) => edit({ publishInArchive: event.target.checked })}
                aria-describedby={`${ids.archive}-hint`}
                className="mt-1 size-5 accent-brand-700"
              />
              <div>
                <label htmlFor={ids.archive} className="font-semibold text-ink">
                  Publish in the archive
                </label>
                <p id={`${ids.archive}-hint`} className="text-sm text-slate-600">
                  Once sent, it gets a public web page in the newsletter archive, and each email links to it.
                </p>
              </div>
            </div>
          </form>
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

import { redirect, useFetcher, useLocation } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from '../../../common/lead-domain';
import { ApiFailure, callApi } from '../../components/admin/api';
import { DeliveryBadge, SpamBadge, StatusBadge } from '../../components/admin/badges';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { setFlash } from '../../components/admin/flash';
import { Icon } from '../../components/admin/icons';
import { LEAD_INTENT, type LeadActionResult } from '../../components/admin/intents';
import { AttachmentsCard } from '../../components/admin/lead/attachments-card';
import { Card } from '../../components/admin/lead/card';
import { ConversationCard } from '../../components/admin/lead/conversation-card';
import { DeliveryCard } from '../../components/admin/lead/delivery-card';
import { FollowUpCard, followUpAction } from '../../components/admin/lead/follow-up-card';
import { IntegrationsCard } from '../../components/admin/lead/integrations-card';
import { NoteForm } from '../../components/admin/lead/note-form';
import { OwnerCard, ownerAction } from '../../components/admin/lead/owner-card';
import { RequestCard } from '../../components/admin/lead/request-card';
import { StatusForm } from '../../components/admin/lead/status-form';
import { Timeline } from '../../components/admin/lead/timeline';
import { When } from '../../components/admin/lead/when';
import { adminMeta } from '../../components/admin/meta';
import { BackLink, PageHeader } from '../../components/admin/page-header';
import { SubmitButton } from '../../components/admin/submit-button';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/lead';
import { useMe } from '../../components/admin/me';

export const meta = (args?: Route.MetaArgs) => adminMeta(adminPages.lead, args?.loaderData?.name);

/**
 * The lead, its conversation and the saved replies. Opening the page marks the lead's answers read
 * (its "New reply" clears); this visit still shows them as new.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const lead = { params: { id: params.id }, from: request };
  const [detail, conversation, saved, followUp, team] = await Promise.all([
    callApi(inboxApi.leads.detail, lead),
    callApi(inboxApi.conversations.show, lead),
    callApi(inboxApi.conversations.savedReplies, { from: request }),
    callApi(inboxApi.followUps.ofLead, lead),
    callApi(inboxApi.team.people, { from: request }),
  ]);
  const unread = conversation.entries.some((entry) => entry.type === 'message' && !entry.read);
  if (unread) await callApi(inboxApi.conversations.markRead, lead);
  return { ...detail, conversation, savedReplies: saved.savedReplies, followUp, people: team.people };
}

function isStatus(value: unknown): value is LeadStatus {
  return LEAD_STATUSES.some((status) => status === value);
}

/**
 * The lead's forms post here. What is sent is checked against the contract's schemas before it goes
 * (callApi): a note the server would refuse is refused with the server's own message.
 */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<LeadActionResult | Response> {
  const form = await request.formData();
  const intent = form.get('intent');
  const lead = { params: { id: params.id }, from: request };
  const { leads } = inboxApi;
  try {
    const followUp = (await followUpAction(intent, form, lead)) ?? (await ownerAction(intent, form, lead));
    if (followUp) return followUp;
    if (intent === LEAD_INTENT.status) {
      const status = form.get('status');
      if (!isStatus(status)) return { error: 'Choose a status.' };
      await callApi(leads.setStatus, { ...lead, body: { status } });
      return { done: `Status changed to ${leadStatusLabels[status]}.` };
    }
    if (intent === LEAD_INTENT.note) {
      await callApi(leads.addNote, { ...lead, body: { text: String(form.get('text') ?? '') } });
      return { done: 'Note added.' };
    }
    if (intent === LEAD_INTENT.reply) {
      const text = String(form.get('text') ?? '');
      await callApi(inboxApi.conversations.sendReply, { ...lead, body: { text } });
      return { done: 'Reply sent: it is on its way through the outbox.' };
    }
    if (intent === LEAD_INTENT.spam) {
      const spam = form.get('spam') === 'true';
      await callApi(leads.setSpam, { ...lead, body: { spam } });
      return { done: spam ? 'Marked as spam.' : 'Moved back to the inbox: not spam.' };
    }
    if (intent === LEAD_INTENT.retry) {
      await callApi(leads.retry, lead);
      return { done: 'The notification will be sent again in a moment.' };
    }
    if (intent === LEAD_INTENT.delete) {
      await callApi(leads.remove, lead);
      setFlash(
        `The lead from ${String(form.get('name') ?? 'this person')} was deleted, with its emails and files.`,
      );
      return redirect(inboxPaths.leads);
    }
  } catch (error) {
    if (error instanceof ApiFailure) return { error: Object.values(error.fields ?? {})[0] ?? error.message };
    throw error;
  }
  return { error: 'This page asked for something it cannot do. Reload it and try again.' };
}

function SpamButton({ spam }: { spam: boolean }) {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={LEAD_INTENT.spam} />
      <input type="hidden" name="spam" value={String(!spam)} />
      <SubmitButton
        pending={pending}
        pendingLabel={spam ? 'Moving…' : 'Marking…'}
        className={buttonClass.secondary}
      >
        {spam ? 'Not spam' : 'Mark as spam'}
      </SubmitButton>
      <span className="sr-only" role="status">
        {pending ? '' : (fetcher.data?.done ?? '')}
      </span>
      {fetcher.data?.error && !pending && (
        <span role="alert" className="mt-2 block text-sm text-red-800">
          {fetcher.data.error}
        </span>
      )}
    </fetcher.Form>
  );
}

/** The lead's actions: to the Reply field, spam or not, delete for good. */
function LeadActions({
  lead,
  deleter,
}: {
  lead: { name: string; spam: boolean };
  deleter: ReturnType<typeof useFetcher<LeadActionResult>>;
}) {
  const admin = useMe().role === 'admin';
  return (
    <>
      {!lead.spam && (
        <a href="#reply-text" className={buttonClass.primary}>
          <Icon name="mail" />
          Reply
        </a>
      )}
      <SpamButton spam={lead.spam} />
      {admin && (
        <ConfirmDialog
          triggerLabel={
            <>
              <Icon name="trash" />
              Delete
            </>
          }
          triggerClassName={buttonClass.dangerOutline}
          title="Delete this lead for good?"
          confirmLabel="Delete for good"
          pendingLabel="Deleting…"
          fetcher={deleter}
          fields={{ intent: LEAD_INTENT.delete, name: lead.name }}
        >
          <p>
            This removes the lead from <strong className="text-ink">{lead.name}</strong>, its emails and their
            files for good. It cannot be undone.
          </p>
          <p className="text-sm text-slate-600">Use it when someone asks for their data to be erased.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

export default function LeadPage({ loaderData: lead }: Route.ComponentProps) {
  const location = useLocation();
  const deleter = useFetcher<LeadActionResult>();
  const fromInbox = (location.state as { inbox?: string } | null)?.inbox ?? '';

  return (
    <div className="container-page">
      <PageHeader
        before={<BackLink to={`${inboxPaths.leads}${fromInbox}`}>Back to the inbox</BackLink>}
        title={lead.name}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <StatusBadge status={lead.status} />
            {lead.spam && <SpamBadge />}
            <DeliveryBadge delivery={lead.delivery} />
            <span className="text-sm">
              Lead #{lead.id} ({lead.reference} in emails), received <When iso={lead.createdAt} />
            </span>
          </div>
        }
        actions={<LeadActions lead={lead} deleter={deleter} />}
      />

      {/* One column on a phone, in the order of the work: the request and its files, its status, its notification,
          the conversation, notes.
          On a wide screen the status and notification stand beside the request and the notes. */}
      <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-5 lg:col-start-1 lg:row-start-1">
          <RequestCard lead={lead} />
          <AttachmentsCard leadId={lead.id} files={lead.attachments} />
        </div>
        <div className="space-y-5 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
          <Card title="Status">
            <StatusForm lead={lead} />
          </Card>
          <OwnerCard owner={lead.owner} people={lead.people} />
          <FollowUpCard followUp={lead.followUp} />
          <DeliveryCard delivery={lead.delivery} spam={lead.spam} />
          <IntegrationsCard deliveries={lead.deliveries} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ConversationCard lead={lead} conversation={lead.conversation} savedReplies={lead.savedReplies} />
        </div>
        <Card title="Notes and history" className="lg:col-start-1 lg:row-start-3">
          <NoteForm />
          <div className="mt-6">
            <Timeline entries={lead.timeline} />
          </div>
        </Card>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';

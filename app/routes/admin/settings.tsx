import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { INTEGRATION_KINDS, type IntegrationKind } from '../../../common/integration-domain';
import { ApiFailure, callApi } from '../../components/admin/api';
import { setFlash, takeFlash } from '../../components/admin/flash';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { AddIntegration } from '../../components/admin/settings/add-integration';
import { AutoReplyForm } from '../../components/admin/settings/auto-reply-form';
import { IntegrationList } from '../../components/admin/settings/integration-list';
import { assignmentModeOf, LeadAssignmentForm } from '../../components/admin/settings/lead-assignment-form';
import { SavedReplies } from '../../components/admin/settings/saved-replies';
import { SETTINGS_INTENT, type SettingsActionResult } from '../../components/admin/settings/settings-intents';
import { adminPages } from '../../content/admin-pages';
import { settingsCopy } from '../../content/admin-settings';
import type { Route } from './+types/settings';

export const meta = () => adminMeta(adminPages.settings);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [{ integrations }, autoReply, { savedReplies }, assignment] = await Promise.all([
    callApi(inboxApi.settings.integrations, { from: request }),
    callApi(inboxApi.settings.autoReply, { from: request }),
    callApi(inboxApi.conversations.savedReplies, { from: request }),
    callApi(inboxApi.settings.assignment, { from: request }),
  ]);
  return { integrations, autoReply, savedReplies, assignment, notice: takeFlash() };
}

function kindOf(value: FormDataEntryValue | null): IntegrationKind | undefined {
  return INTEGRATION_KINDS.find((kind) => kind === value);
}

/** A preview changes nothing: the page's data is not loaded again after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === SETTINGS_INTENT.previewAutoReply) return false;
  return defaultShouldRevalidate;
}

/** Settings → Saved replies: add or change one (with an id), or delete one. */
async function savedReplyAct(
  intent: string,
  form: FormData,
  request: Request,
): Promise<SettingsActionResult> {
  const { conversations } = inboxApi;
  const id = form.get('id');
  if (intent === SETTINGS_INTENT.removeSavedReply) {
    await callApi(conversations.removeSavedReply, { params: { id: String(id) }, from: request });
    return { done: 'Saved reply deleted.' };
  }
  const body = { title: String(form.get('title') ?? ''), body: String(form.get('body') ?? '') };
  if (id) {
    await callApi(conversations.updateSavedReply, { params: { id: String(id) }, body, from: request });
    return { done: 'Saved.' };
  }
  await callApi(conversations.createSavedReply, { body, from: request });
  return { done: 'Saved reply added.' };
}

async function act(form: FormData, request: Request): Promise<SettingsActionResult> {
  const { settings } = inboxApi;
  const intent = form.get('intent');
  const integration = { params: { id: String(form.get('id')) }, from: request };
  const text = String(form.get('text') ?? '');
  switch (intent) {
    case SETTINGS_INTENT.add: {
      const kind = kindOf(form.get('kind'));
      if (!kind) return { error: 'Choose a kind.', fields: { kind: 'Choose a kind.' } };
      const made = await callApi(settings.addIntegration, {
        from: request,
        body: { kind, url: String(form.get('url') ?? '') },
      });
      return { shownOnce: { kind, url: made.url, secret: made.secret } };
    }
    case SETTINGS_INTENT.test: {
      const { delivery } = await callApi(settings.sendTest, integration);
      return { test: delivery };
    }
    case SETTINGS_INTENT.rotate: {
      const rotated = await callApi(settings.rotateSecret, integration);
      return {
        shownOnce: { kind: rotated.integration.kind, url: null, secret: rotated.secret, rotated: true },
      };
    }
    case SETTINGS_INTENT.enable:
    case SETTINGS_INTENT.disable: {
      const enabled = intent === SETTINGS_INTENT.enable;
      await callApi(settings.updateIntegration, { ...integration, body: { enabled } });
      return { done: enabled ? 'Turned on.' : 'Turned off: nothing is sent to it until it is turned on.' };
    }
    case SETTINGS_INTENT.remove:
      await callApi(settings.removeIntegration, integration);
      // Its row goes with it: the page says so.
      setFlash(`${String(form.get('label'))} was removed.`);
      return { done: 'Removed.' };
    case SETTINGS_INTENT.saveAutoReply:
      await callApi(settings.saveAutoReply, {
        from: request,
        body: { enabled: form.get('enabled') === 'on', text },
      });
      return { done: settingsCopy.autoReply.saved };
    case SETTINGS_INTENT.saveSavedReply:
    case SETTINGS_INTENT.removeSavedReply:
      return savedReplyAct(intent, form, request);
    case SETTINGS_INTENT.saveAssignment: {
      const mode = assignmentModeOf(form.get('mode'));
      if (!mode) return { error: 'Choose how new leads are assigned.' };
      await callApi(settings.saveAssignment, { from: request, body: { mode } });
      return {
        done:
          mode === 'turns' ? 'New leads will be given out in turn.' : 'New leads will be left unassigned.',
      };
    }
    case SETTINGS_INTENT.previewAutoReply:
      return { preview: await callApi(settings.previewAutoReply, { from: request, body: { text } }) };
  }
  return { error: 'This page asked for something it cannot do. Reload it and try again.' };
}

/**
 * The Settings forms post here. What is sent is checked against the contract's schemas before it goes
 * (callApi): an auto-reply text or URL the server would refuse is refused with the server's own message.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<SettingsActionResult> {
  const form = await request.formData();
  try {
    return await act(form, request);
  } catch (error) {
    if (error instanceof ApiFailure) return { error: error.message, fields: error.fields };
    throw error;
  }
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { integrations, autoReply, savedReplies, assignment, notice } = loaderData;
  return (
    <div className="container-page">
      <PageHeader title="Settings" lead={settingsCopy.lead} />
      <div className="mt-4">
        <Notice tone="success">{notice}</Notice>
      </div>
      <LeadAssignmentForm mode={assignment.mode} />
      <IntegrationList integrations={integrations} />
      <AddIntegration />
      <AutoReplyForm autoReply={autoReply} />
      <SavedReplies savedReplies={savedReplies} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';

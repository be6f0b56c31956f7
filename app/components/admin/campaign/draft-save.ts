import { type Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { type ApiFailure, callApi } from '../api';
import type { DraftContent, SaveState } from './use-autosave';

/** What a draft's content is compared by: saved when the key is the one last saved. */
export const keyOf = (content: DraftContent) => JSON.stringify(content);

/** The content of a campaign as loaded. */
export function loadedContent(campaign: Campaign): DraftContent {
  return {
    subject: campaign.subject,
    preheader: campaign.preheader,
    bodyMarkdown: campaign.bodyMarkdown,
    publishInArchive: campaign.publishInArchive,
  };
}

/** A failed save's state: stale (saved elsewhere meanwhile), or an error with its first field's sentence. */
export function failedSave(error: ApiFailure): SaveState {
  if (error.code === 'stale-version') return { state: 'stale', message: error.message };
  return { state: 'error', message: Object.values(error.fields ?? {})[0] ?? error.message };
}

/**
 * Saves after a save already under way (one at a time), and again while what is on the page changed
 * meanwhile; stops when a save did not happen or failed.
 */
export async function saveInTurn(
  running: { current: Promise<void> | null },
  saveOnce: () => Promise<boolean>,
  isSaved: () => boolean,
): Promise<void> {
  for (;;) {
    while (running.current) await running.current;
    const run = saveOnce();
    running.current = run.then(() => undefined);
    const saved = await run.finally(() => {
      running.current = null;
    });
    if (!saved || isSaved()) return;
  }
}

/**
 * Saves a draft: creates the campaign (its first save, which needs no version) or updates it from the
 * version it was edited from. Returns the campaign saved and the key of what it now holds.
 */
export async function saveDraft(
  sent: DraftContent,
  id: number | null,
  version: number | null,
): Promise<{ saved: Campaign; key: string }> {
  if (id === null) {
    const { publishInArchive: _keep, ...text } = sent;
    const saved = await callApi(inboxApi.campaigns.create, { body: text });
    return { saved, key: keyOf({ ...sent, publishInArchive: saved.publishInArchive }) };
  }
  const saved = await callApi(inboxApi.campaigns.update, {
    params: { id },
    body: { ...sent, version: version ?? 1 },
  });
  return { saved, key: keyOf(sent) };
}

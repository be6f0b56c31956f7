import { useCallback, useEffect, useRef, useState } from 'react';
import { type Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { ApiFailure } from '../api';
import { failedSave, keyOf, loadedContent, saveDraft, saveInTurn } from './draft-save';

/** What the editor holds: the text and the archive choice. */
export interface DraftContent {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  publishInArchive: boolean;
}

export type SaveState =
  /** Everything on the page is saved. */
  | { state: 'saved' }
  /** Changed; saved once the typing pauses. */
  | { state: 'unsaved' }
  | { state: 'saving' }
  /** A new campaign is saved once it has a subject (the server needs one). */
  | { state: 'needs-subject' }
  | { state: 'error'; message: string }
  /** Saved elsewhere meanwhile: this page must be reloaded before it can save again. */
  | { state: 'stale'; message: string };

/** How long typing must pause before a save. */
export const AUTOSAVE_DELAY_MS = 1000;

interface AutosaveOptions {
  /** The campaign as loaded, or null for a new one (created by its first save). */
  campaign: Campaign | null;
  content: DraftContent;
  /** A new campaign was created by a save. */
  onCreated?: (campaign: Campaign) => void;
  delay?: number;
}

/** Scheduling and unscheduling raise the version without touching the text: carry on from it. */
function useLoadedVersion(
  loadedVersion: number | null,
  versionRef: { current: number | null },
  running: { current: Promise<void> | null },
  setVersion: (version: number) => void,
) {
  useEffect(() => {
    if (loadedVersion !== null && loadedVersion > (versionRef.current ?? 0) && !running.current) {
      versionRef.current = loadedVersion;
      setVersion(loadedVersion);
    }
  }, [loadedVersion, versionRef, running, setVersion]);
}

/**
 * Saves the draft by itself once typing pauses, with the version it was edited from, so an edit made in
 * another tab or by another person meanwhile is refused rather than overwritten. One save at a time: what
 * changed during a save goes in the next one. `flush` saves now (before a test email or sending).
 */
export function useAutosave({ campaign, content, onCreated, delay = AUTOSAVE_DELAY_MS }: AutosaveOptions) {
  const [state, setState] = useState<SaveState>({ state: campaign ? 'saved' : 'needs-subject' });
  const [id, setId] = useState<number | null>(campaign?.id ?? null);
  const [version, setVersion] = useState<number | null>(campaign?.version ?? null);
  const idRef = useRef(campaign?.id ?? null);
  const versionRef = useRef(campaign?.version ?? null);
  const latest = useRef(content);
  const savedKey = useRef(campaign ? keyOf(loadedContent(campaign)) : keyOf(content));
  const running = useRef<Promise<void> | null>(null);
  const stale = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const created = useRef(onCreated);
  // What the next save sends, and whom to tell of a creation: always the latest render's.
  useEffect(() => {
    latest.current = content;
    created.current = onCreated;
  });

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const sent = latest.current;
    const key = keyOf(sent);
    if (stale.current || key === savedKey.current) return false;
    if (idRef.current === null && !sent.subject.trim()) {
      setState({ state: 'needs-subject' });
      return false;
    }
    setState({ state: 'saving' });
    try {
      const creating = idRef.current === null;
      const { saved, key: savedAs } = await saveDraft(sent, idRef.current, versionRef.current);
      idRef.current = saved.id;
      versionRef.current = saved.version;
      savedKey.current = savedAs;
      if (creating) created.current?.(saved);
      setId(saved.id);
      setVersion(saved.version);
      setState({ state: keyOf(latest.current) === savedKey.current ? 'saved' : 'unsaved' });
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // A stale save stops the autosave: the page must be reloaded (a save never starts once stale).
      stale.current = error.code === 'stale-version';
      setState(failedSave(error));
      return false;
    }
  }, []);

  /** Saves what is on the page now, after a save already under way; again if it changed meanwhile. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    await saveInTurn(running, saveOnce, () => keyOf(latest.current) === savedKey.current);
  }, [saveOnce]);

  const key = keyOf(content);
  useEffect(() => {
    if (stale.current) return;
    if (key === savedKey.current) return;
    setState((current) => (current.state === 'saving' ? current : { state: 'unsaved' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delay);
  }, [key, delay, flush]);

  // Leaving the page during the pause before a save: save now rather than lose the last words.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (!stale.current && keyOf(latest.current) !== savedKey.current) void flush();
    },
    [flush],
  );

  useLoadedVersion(campaign?.version ?? null, versionRef, running, setVersion);

  return { state, id, version, flush };
}

import { type FormEvent, useId, useMemo, useState } from 'react';
import { inboxPaths } from '../../../../common/inbox-paths';
import { websiteEndpoints } from '../../../../common/inbox-api/website-endpoints';
import { siteContentSchema } from '../../../../common/site-content/site-content';
import type { WebsitePageKey } from '../../../../common/site-content/website-pages';
import { ApiFailure, callApi } from '../api';
import { buttonClass } from '../buttons';
import { formatWhen } from '../format';
import { useTimeZone } from '../me';
import { Notice } from '../notice';
import { BackLink, PageHeader } from '../page-header';
import { SubmitButton } from '../submit-button';
import { type Path, messagesByPath, withValueAt } from './content-path';
import { type ContentForm, ContentFormContext } from './form-context';
import { ObjectFields } from './schema-field';
import { nodeOf } from './schema-node';

export interface EditedPage {
  key: WebsitePageKey;
  name: string;
  content: unknown;
  version: string;
  draft: { at: string; by: string } | null;
  previewPath: string;
}

const CHECK_FIRST = 'Some fields need a change: see the messages next to them, then save again.';

/** After a refusal, the first field that says why takes the focus. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

interface SaveState {
  saving: boolean;
  saved?: string;
  error?: string;
}

/** Saving a draft: checked by the page's schema here first, then by the server; a refusal keeps the edits. */
function useDraftSave(page: EditedPage) {
  const schema = siteContentSchema.shape[page.key];
  const timeZone = useTimeZone();
  const [content, setContent] = useState(page.content);
  const [version, setVersion] = useState(page.version);
  const [draft, setDraft] = useState(page.draft);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>({ saving: false });

  const save = async (form: HTMLFormElement | null) => {
    const checked = schema.safeParse(content);
    if (!checked.success) {
      setMessages(messagesByPath(checked.error.issues));
      setState({ saving: false, error: CHECK_FIRST });
      focusFirstInvalid(form);
      return;
    }
    setMessages({});
    setState({ saving: true });
    try {
      const params = { page: page.key };
      const reply = await callApi(websiteEndpoints.save, {
        params,
        body: { content: checked.data, version },
      });
      setVersion(reply.version);
      setDraft(reply.draft);
      setState({ saving: false, saved: `Draft saved at ${formatWhen(reply.draft.at, timeZone)}.` });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.fields) setMessages(error.fields);
      // A conflict: someone saved this page since it was opened. The edits stay on screen, unsaved.
      const keep = error.code === 'conflict' ? ' Your edits are still here, not saved.' : '';
      setState({ saving: false, error: `${error.message}${keep}` });
      if (error.fields) focusFirstInvalid(form);
    }
  };

  const change = (path: Path, value: unknown) => {
    setContent((current: unknown) => withValueAt(current, path, value));
    setState((current) => (current.saved ? { saving: false } : current));
  };
  return { content, draft, messages, state, save, change };
}

/** A page's editor: every field of its part of the schema, Save draft, and a link to its preview. */
export function PageEditor({ page }: { page: EditedPage }) {
  const node = useMemo(() => nodeOf(siteContentSchema.shape[page.key]), [page.key]);
  const timeZone = useTimeZone();
  const idPrefix = useId();
  const previewHint = useId();
  const { content, draft, messages, state, save, change } = useDraftSave(page);
  const form: ContentForm = { page: page.key, idPrefix, messages, change };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!state.saving) void save(event.currentTarget);
  };

  return (
    <div className="container-page pb-10">
      <PageHeader
        before={<BackLink to={inboxPaths.website}>All pages</BackLink>}
        title={page.name}
        lead={
          draft
            ? `Draft saved by ${draft.by}, ${formatWhen(draft.at, timeZone)}: not on the public site until Publish.`
            : 'No draft: this is the page as the public site shows it.'
        }
        actions={
          <>
            <a
              href={page.previewPath}
              target="_blank"
              rel="noopener"
              aria-describedby={previewHint}
              className={buttonClass.secondary}
            >
              Preview
            </a>
            <span id={previewHint} className="sr-only">
              Opens in a new tab and shows the saved draft.
            </span>
          </>
        }
      />
      <ContentFormContext.Provider value={form}>
        <form noValidate onSubmit={submit} className="mt-6 max-w-3xl space-y-6">
          <ObjectFields node={node} path={[]} value={content} />
          <div className="sticky bottom-0 -mx-2 space-y-3 border-t border-slate-200 bg-slate-50/95 px-2 py-3">
            <Notice tone="error">{state.error}</Notice>
            <Notice tone="success">{state.saved}</Notice>
            <SubmitButton pending={state.saving} pendingLabel="Saving…" className={buttonClass.primary}>
              Save draft
            </SubmitButton>
          </div>
        </form>
      </ContentFormContext.Provider>
    </div>
  );
}

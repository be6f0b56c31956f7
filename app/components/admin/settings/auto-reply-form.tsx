import { type RefObject, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { AutoReply } from '../../../../common/inbox-api/settings-endpoints';
import { AUTO_REPLY_MAX_LENGTH } from '../../../../common/integration-domain';
import { settingsCopy } from '../../../content/admin-settings';
import { buttonClass } from '../buttons';
import { formatWhen } from '../format';
import { useTimeZone } from '../me';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';
import { SETTINGS_INTENT, type SettingsActionResult } from './settings-intents';

const copy = settingsCopy.autoReply;

function Preview({ preview }: { preview: { subject: string; text: string } }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h3 id={headingId} className="font-semibold">
        {copy.previewTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{copy.previewNote}</p>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600">{copy.subject}</dt>
          <dd className="mt-0.5 text-ink">{preview.subject}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{copy.text}</dt>
          <dd className="mt-0.5 rounded-lg border border-slate-200 bg-white p-3 font-mono break-words whitespace-pre-wrap text-ink">
            {preview.text}
          </dd>
        </div>
      </dl>
    </section>
  );
}

interface AutoReplyTextProps {
  textRef: RefObject<HTMLTextAreaElement | null>;
  defaultValue: string;
  /** The server's word on the text (a save's or a preview's), read with the field. */
  error: string | undefined;
}

/** The auto-reply's text, with its hint and the limit, and the server's message when it refused it. */
function AutoReplyText({ textRef: text, defaultValue, error: textError }: AutoReplyTextProps) {
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={textId} className="block text-sm font-medium text-slate-700">
        {copy.text}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-slate-600">
        {copy.textHint} At most {AUTO_REPLY_MAX_LENGTH.toLocaleString('en-IN')} characters.
      </p>
      <textarea
        ref={text}
        id={textId}
        name="text"
        rows={7}
        defaultValue={defaultValue}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${errorId} ${hintId}` : hintId}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-700"
      />
      <div role="alert" className="empty:hidden">
        {textError && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
            {textError}
          </p>
        )}
      </div>
    </div>
  );
}

/** When the auto-reply was last changed, and by whom: nothing before its first change. */
function LastChanged({ autoReply }: { autoReply: AutoReply }) {
  const timeZone = useTimeZone();
  if (!autoReply.updatedAt) return null;
  return (
    <p className="text-sm text-slate-600">
      {copy.lastChanged}{' '}
      <time dateTime={autoReply.updatedAt}>{formatWhen(autoReply.updatedAt, timeZone)}</time>
      {autoReply.updatedBy ? ` by ${autoReply.updatedBy}` : ''}.
    </p>
  );
}

/**
 * Settings → Auto-reply: on or off, its text (checked with the contract's own rule, so the messages are
 * the server's), Preview (the email as a visitor gets it) and Save.
 */
export function AutoReplyForm({ autoReply }: { autoReply: AutoReply }) {
  const saver = useFetcher<SettingsActionResult>();
  const previewer = useFetcher<SettingsActionResult>();
  const text = useRef<HTMLTextAreaElement>(null);
  const saving = saver.state !== 'idle';
  const previewing = previewer.state !== 'idle';
  const saved = saving ? undefined : saver.data;
  const previewed = previewing ? undefined : previewer.data;
  const textError = saved?.fields?.text ?? previewed?.fields?.text;
  const otherError =
    (!saved?.fields?.text && saved?.error) || (!previewed?.fields?.text && previewed?.error) || undefined;

  const preview = () => {
    void previewer.submit(
      { intent: SETTINGS_INTENT.previewAutoReply, text: text.current?.value ?? '' },
      { method: 'post' },
    );
  };

  return (
    <Panel title={copy.title}>
      <p className="mt-1 max-w-3xl text-slate-600">{copy.intro}</p>
      <saver.Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={SETTINGS_INTENT.saveAutoReply} />
        <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={autoReply.enabled}
            className="size-5 rounded border-slate-400 accent-brand-700"
          />
          {copy.enabled}
        </label>
        <AutoReplyText textRef={text} defaultValue={autoReply.text} error={textError} />
        <Notice tone="error">{otherError}</Notice>
        <Notice tone="success">{saved?.done}</Notice>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={saving} pendingLabel={copy.saving} className={buttonClass.primary}>
            {copy.save}
          </SubmitButton>
          <button
            type="button"
            aria-disabled={previewing || undefined}
            onClick={previewing ? undefined : preview}
            className={buttonClass.secondary}
          >
            {previewing ? copy.previewing : copy.preview}
          </button>
          <LastChanged autoReply={autoReply} />
        </div>
      </saver.Form>
      {previewed?.preview && <Preview preview={previewed.preview} />}
    </Panel>
  );
}

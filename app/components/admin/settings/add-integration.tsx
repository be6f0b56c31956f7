import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import {
  INTEGRATION_KINDS,
  type IntegrationKind,
  integrationKindLabels,
} from '../../../../common/integration-domain';
import { settingsCopy } from '../../../content/admin-settings';
import { buttonClass } from '../buttons';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';
import { SETTINGS_INTENT, type SettingsActionResult } from './settings-intents';
import { ShownOncePanel } from './shown-once';

const copy = settingsCopy.add;
const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-700';

interface UrlFieldProps {
  kind: IntegrationKind;
  /** The server's word on the URL it refused, if it did. */
  message: string | undefined;
  /** The reply it came in: each refusal focuses the field again. */
  data: SettingsActionResult | undefined;
}

/**
 * The integration's URL, with the hint for its kind. A URL the server refused takes the focus, and its
 * message is read with it.
 */
function UrlField({ kind, message: urlMessage, data }: UrlFieldProps) {
  const urlHint = useId();
  const urlError = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (urlMessage) urlInput.current?.focus();
  }, [urlMessage, data]);
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700">
        {copy.url}
        <input
          ref={urlInput}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={urlMessage ? true : undefined}
          aria-describedby={urlMessage ? `${urlError} ${urlHint}` : urlHint}
          className={field}
        />
      </label>
      {urlMessage && (
        <p id={urlError} className="mt-1 text-sm font-medium text-red-800">
          {urlMessage}
        </p>
      )}
      <p id={urlHint} className="mt-1 text-sm text-slate-600">
        {copy.urlHints[kind]}
      </p>
    </div>
  );
}

/** "Add integration": its kind and URL; once made, its full URL and secret, shown once. */
export function AddIntegration() {
  const fetcher = useFetcher<SettingsActionResult>();
  const pending = fetcher.state !== 'idle';
  const [kind, setKind] = useState<IntegrationKind>('webhook');
  // What was made stays shown until dismissed (the reply it came in is remembered as dismissed).
  const [dismissed, setDismissed] = useState<SettingsActionResult | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const data = pending ? undefined : fetcher.data;
  const urlMessage = data?.fields?.url;

  const shown = data && data !== dismissed ? data.shownOnce : undefined;

  // Made: the form is emptied for the next one.
  useEffect(() => {
    if (shown) form.current?.reset();
  }, [shown]);

  return (
    <Panel title={copy.title}>
      {shown && <ShownOncePanel shown={shown} onDone={() => setDismissed(data)} />}
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]"
      >
        <input type="hidden" name="intent" value={SETTINGS_INTENT.add} />
        <label className="block text-sm font-medium text-slate-700">
          {copy.kind}
          <select
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as IntegrationKind)}
            className={field}
          >
            {INTEGRATION_KINDS.map((each) => (
              <option key={each} value={each}>
                {integrationKindLabels[each]}
              </option>
            ))}
          </select>
        </label>
        <UrlField kind={kind} message={urlMessage} data={data} />
        <div className="space-y-3 sm:col-span-2">
          <Notice tone="error">{data?.error && !urlMessage ? data.error : undefined}</Notice>
          <SubmitButton pending={pending} pendingLabel={copy.pending} className={buttonClass.primary}>
            {copy.submit}
          </SubmitButton>
        </div>
      </fetcher.Form>
    </Panel>
  );
}

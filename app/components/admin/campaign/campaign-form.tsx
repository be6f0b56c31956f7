import { useId, useRef } from 'react';
import { MarkdownToolbar } from './markdown-toolbar';
import type { DraftContent } from './use-autosave';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink placeholder:text-slate-500';

interface CampaignFormProps {
  content: DraftContent;
  onEdit: (change: Partial<DraftContent>) => void;
  /** Enter in a field, or the form submitted otherwise: save now. */
  onSave: () => void;
}

/** The draft's fields: its subject, preview text, Markdown body (with its toolbar) and the archive choice. */
export function CampaignForm({ content, onEdit, onSave }: CampaignFormProps) {
  const body = useRef<HTMLTextAreaElement>(null);
  const ids = { subject: useId(), preheader: useId(), body: useId(), bodyHint: useId(), archive: useId() };
  return (
    <form
      aria-label="Campaign"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
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
          onChange={(event) => onEdit({ subject: event.target.value })}
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
          onChange={(event) => onEdit({ preheader: event.target.value })}
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
          onEdit={(value) => onEdit({ bodyMarkdown: value })}
        />
        <textarea
          ref={body}
          id={ids.body}
          rows={16}
          aria-describedby={ids.bodyHint}
          value={content.bodyMarkdown}
          onChange={(event) => onEdit({ bodyMarkdown: event.target.value })}
          className={`${fieldClass} mt-0 rounded-t-none font-mono text-sm leading-6`}
        />
      </div>
      <ArchiveChoice
        id={ids.archive}
        checked={content.publishInArchive}
        onChange={(publishInArchive) => onEdit({ publishInArchive })}
      />
    </form>
  );
}

function ArchiveChoice({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-5 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          Publish in the archive
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          Once sent, it gets a public web page in the newsletter archive, and each email links to it.
        </p>
      </div>
    </div>
  );
}

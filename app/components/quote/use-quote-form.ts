import { useRef, useState } from 'react';
import { ATTACHMENT_INPUT_NAME } from '../../../common/attachment-field';
import { quoteMessages } from '../../../common/quote-messages';
import {
  emptyQuoteValues,
  quoteFields,
  validateQuoteRequest,
  type QuoteField,
  type QuoteFieldErrors,
  type QuoteFormValues,
} from '../../../common/quote-request';
import { sendQuote, type SendOutcome } from './send-quote';
import { useChosenFiles, type ChosenFiles } from './use-chosen-files';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const noticeFor: Record<SendOutcome, NonNullable<Notice>> = {
  success: { kind: 'success', text: quoteMessages.success },
  rejected: { kind: 'error', text: quoteMessages.failure },
  unreachable: { kind: 'error', text: quoteMessages.transportFailure },
};

/** A success whose files were not kept (the site's limit of stored files for the day): still a success. */
const filesNotKeptNotice: NonNullable<Notice> = {
  kind: 'success',
  text: `${quoteMessages.success} ${quoteMessages.filesNotKept}`,
};

const untouched = Object.fromEntries(quoteFields.map((name) => [name, false])) as Record<QuoteField, boolean>;

export interface QuoteFormState {
  values: QuoteFormValues;
  /** Errors of the fields the visitor has already left, keyed by field. */
  visibleErrors: QuoteFieldErrors;
  /** Whether the fields and the chosen files may be sent. */
  isValid: boolean;
  /** Why the form cannot be sent yet, in a sentence shown beside the button it disables. */
  blocked: string | undefined;
  sending: boolean;
  /** The chosen files, and the upload's progress in percent while they are sent. */
  files: ChosenFiles;
  progress: number | null;
  notice: Notice;
  setValue: (field: QuoteField, value: string) => void;
  touch: (field: QuoteField) => void;
  /** Sends the form; resolves to the outcome, or null when nothing was sent. */
  submit: (form: HTMLFormElement) => Promise<SendOutcome | null>;
  clearNotice: () => void;
}

/** "a.pdf", "a.pdf and b.exe", "a.pdf, b.exe and c.zip". */
const listOf = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/**
 * Why the button is disabled, so it never is without a word: the files first (their reasons are beside
 * them in the list, or at the field when they are about the files together), then the fields.
 */
function blockedReason(fieldsOk: boolean, files: ChosenFiles): string | undefined {
  if (!files.ok) {
    const refused = files.listed.filter(({ error }) => error).map(({ file }) => file.name);
    return refused.length > 0
      ? `Remove or replace ${listOf(refused)} to send your request: see why in the list of files.`
      : 'Remove some files to send your request: see why under Attachments.';
  }
  return fieldsOk ? undefined : 'Fill in every required field to send your request.';
}

/**
 * The quote form's state: values, validation with the shared schema, which
 * errors to show, and sending. The submit is refused while the form is invalid
 * or a send is in flight. On success the values and files are cleared; on failure they stay, with
 * the server's words about each refused file beside it.
 */
export function useQuoteForm(endpoint: string): QuoteFormState {
  const [values, setValues] = useState<QuoteFormValues>(emptyQuoteValues);
  const [touched, setTouched] = useState(untouched);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const files = useChosenFiles();
  const [progress, setProgress] = useState<number | null>(null);
  // A ref, not state: two submits in the same tick must not both get through.
  const inFlight = useRef(false);

  const validation = validateQuoteRequest(values);
  const errors = validation.ok ? {} : validation.errors;
  const visibleErrors: QuoteFieldErrors = {};
  for (const field of quoteFields) {
    if (touched[field] && errors[field]) visibleErrors[field] = errors[field];
  }

  const submit = async (form: HTMLFormElement) => {
    if (!validation.ok || !files.ok || inFlight.current) return null;
    inFlight.current = true;
    setSending(true);
    setNotice(null);
    // The form's own file control is emptied after each choice: the list is what is sent.
    const body = new FormData(form);
    body.delete(ATTACHMENT_INPUT_NAME);
    for (const file of files.files) body.append(ATTACHMENT_INPUT_NAME, file);
    const upload = files.files.length > 0 ? files.code?.uploadForm : undefined;
    if (upload) setProgress(0);
    const { outcome, fileProblems, filesNotKept } = await sendQuote(
      endpoint,
      body,
      upload && ((...post) => upload(...post, setProgress)),
    );
    inFlight.current = false;
    setSending(false);
    setProgress(null);
    setNotice(filesNotKept ? filesNotKeptNotice : noticeFor[outcome]);
    if (outcome === 'success') {
      setValues(emptyQuoteValues);
      setTouched(untouched);
      files.clear();
    } else files.refuse(fileProblems);
    return outcome;
  };

  return {
    values,
    visibleErrors,
    isValid: validation.ok && files.ok,
    blocked: blockedReason(validation.ok, files),
    sending,
    files,
    progress,
    notice,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    touch: (field) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    submit,
    clearNotice: () => setNotice(null),
  };
}

import { useState } from 'react';
import { contentMessages } from '../../../../common/site-content/content-fields';
import { type Path, messagesUnder, pathName, paragraphsOf, textOfParagraphs } from './content-path';
import { choiceLabel } from './field-labels';
import { fieldId, inputClass, useContentForm } from './form-context';

interface FieldProps {
  path: Path;
  label: string;
  value: unknown;
}

/** The message under a field (its id is the field's id and "-error", named by aria-describedby). */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** What an input says of its message: invalid, and described by it. */
function invalidProps(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

/** A text: one line (an input) or lines (a text area), as the schema allows. */
export function TextField({ path, label, value, multiline }: FieldProps & { multiline: boolean }) {
  const form = useContentForm();
  const id = fieldId(form, path);
  const message = form.messages[pathName(path)];
  const props = {
    id,
    value: typeof value === 'string' ? value : '',
    className: inputClass,
    ...invalidProps(id, message),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={4} onChange={(event) => form.change(path, event.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(event) => form.change(path, event.target.value)} />
      )}
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

/**
 * Paragraphs in one text area, separated by a blank line (docs/decisions/069). What is typed is kept as
 * typed (a blank line being typed is not taken away); the content gets the paragraphs it makes.
 */
export function ParagraphsField({ path, label, value }: FieldProps) {
  const form = useContentForm();
  const id = fieldId(form, path);
  const paragraphs = Array.isArray(value) ? value.map(String) : [];
  const [typed, setTyped] = useState(() => textOfParagraphs(paragraphs));
  // Changed from elsewhere (an item moved, a fresh load): show the content's paragraphs.
  const shown =
    paragraphsOf(typed).join('\n\n') === paragraphs.join('\n\n') ? typed : textOfParagraphs(paragraphs);
  const messages = messagesUnder(form.messages, pathName(path));
  // An empty list breaks its count ("Keep at least 1."): for one text area, that is a required field.
  const message = paragraphs.length === 0 && messages.length > 0 ? contentMessages.required : messages[0];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Leave a blank line between paragraphs.
      </p>
      <textarea
        id={id}
        rows={Math.min(12, Math.max(4, shown.split('\n').length + 1))}
        value={shown}
        className={inputClass}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setTyped(event.target.value);
          form.change(path, paragraphsOf(event.target.value));
        }}
      />
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

/** One of fixed values (an icon, a service, a picture). */
export function ChoiceField({ path, label, value, values }: FieldProps & { values: readonly string[] }) {
  const form = useContentForm();
  const id = fieldId(form, path);
  const message = form.messages[pathName(path)];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={typeof value === 'string' ? value : ''}
        className={inputClass}
        onChange={(event) => form.change(path, event.target.value)}
        {...invalidProps(id, message)}
      >
        {values.map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

export function BooleanField({ path, label, value }: FieldProps) {
  const form = useContentForm();
  const id = fieldId(form, path);
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        className="size-4"
        onChange={(event) => form.change(path, event.target.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
    </div>
  );
}

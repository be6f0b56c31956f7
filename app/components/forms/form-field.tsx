import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { FormFieldDefinition } from '../../../common/form-field.ts';
import { formatCount } from '../../lib/format-count.ts';

export interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  /** Ids of other text that describes the field (a notice beside the form). */
  describedBy?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and error of one form field, wired together for assistive technology. */
export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  describedBy: others,
  children,
}: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, others].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-slate-500">
            Required
          </span>
        ) : (
          <span className="text-sm text-slate-500">Optional</span>
        )}
      </div>
      <div className="mt-1.5">{children(describedBy)}</div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-400 focus:border-brand-600 ${invalid ? 'border-red-600' : 'border-slate-300'}`;

type Shared = Omit<FieldShellProps, 'children'>;

function TextField({
  id,
  label,
  required,
  hint,
  error,
  describedBy,
  ...input
}: Shared & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} describedBy={describedBy}>
      {(describedBy) => (
        <input
          id={id}
          type="text"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass(Boolean(error))} min-h-11`}
          {...input}
        />
      )}
    </FieldShell>
  );
}

function TextAreaField({
  id,
  label,
  required,
  hint,
  error,
  describedBy,
  ...textarea
}: Shared & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} describedBy={describedBy}>
      {(describedBy) => (
        <textarea
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass(Boolean(error))} min-h-36 resize-y`}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

export interface DefinedFieldProps {
  id: string;
  name: string;
  definition: FormFieldDefinition;
  value: string;
  error?: string | undefined;
  /** Ids of other text that describes the field. */
  describedBy?: string | undefined;
  /** Without it the field is not controlled: the server's pages render it once, with the value in it. */
  onChange?: ((value: string) => void) | undefined;
  onBlur?: (() => void) | undefined;
}

/**
 * One field drawn from its definition (common/form-field.ts): the same
 * component on the page and on the page the server writes without JavaScript.
 */
export function DefinedField({
  id,
  name,
  definition,
  value,
  error,
  describedBy,
  onChange,
  onBlur,
}: DefinedFieldProps) {
  const { label, control, required, maxLength, autoComplete, inputMode, pattern, placeholder, rows } =
    definition;
  const count = definition.counted
    ? `${formatCount(value.length)} of ${formatCount(maxLength)} characters.`
    : '';
  const hint = [definition.hint, count].filter(Boolean).join(' ') || undefined;
  const valueProps = onChange ? { value } : { defaultValue: value };
  const shared = {
    id,
    name,
    label,
    required,
    hint,
    error,
    describedBy,
    maxLength,
    placeholder,
    onBlur,
    ...valueProps,
  };
  if (control === 'textarea') {
    return (
      <TextAreaField
        {...shared}
        rows={rows}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
    );
  }
  return (
    <TextField
      {...shared}
      type={control}
      autoComplete={autoComplete}
      inputMode={inputMode}
      pattern={pattern}
      onChange={onChange && ((event) => onChange(event.target.value))}
    />
  );
}

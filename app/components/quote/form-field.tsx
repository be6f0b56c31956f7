import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
}

/** Label, control, hint and error of one form field, wired together for assistive technology. */
function FieldShell({ id, label, required, hint, error, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
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

export function TextField({
  id,
  label,
  required,
  hint,
  error,
  ...input
}: Shared & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
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

export function TextAreaField({
  id,
  label,
  required,
  hint,
  error,
  ...textarea
}: Shared & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
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

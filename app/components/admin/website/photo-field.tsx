import { inputClass } from './form-context';

export interface PhotoValue {
  id: string;
  description: string;
}

interface PhotoFieldProps {
  value: PhotoValue | undefined;
  onChange(value: PhotoValue | undefined): void;
  /** The form's messages by path ("people.2.photo.description"). */
  errors?: Record<string, string>;
  /** The photo's path in the page's content ("people.2.photo"). */
  path: string;
}

/**
 * A person's photo: its description (the image's alt text), or that there is none. Choosing and
 * uploading a photo is the photo store's part (it replaces this field with one that uploads).
 */
export function PhotoField({ value, onChange, errors = {}, path }: PhotoFieldProps) {
  const id = `photo-${path}`;
  const message = errors[`${path}.description`] ?? errors[`${path}.id`] ?? errors[path];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">Photo</legend>
      {value ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-700">
            Photo description
          </label>
          <input
            id={`${id}-description`}
            type="text"
            value={value.description}
            className={inputClass}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => onChange({ ...value, description: event.target.value })}
          />
          {message && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-800">
              {message}
            </p>
          )}
          <button
            type="button"
            className="text-sm font-medium text-red-700 underline"
            onClick={() => onChange(undefined)}
          >
            Remove photo
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No photo.</p>
      )}
    </fieldset>
  );
}

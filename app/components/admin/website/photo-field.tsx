import { type ChangeEvent, useId, useState } from 'react';
import { photoEndpoints } from '../../../../common/inbox-api/photo-endpoints';
import { PHOTO_MAX_BYTES, photoPath } from '../../../../common/site-content/photos';
import { ApiFailure, callApi, NETWORK_FAILURE_MESSAGE } from '../api';
import { buttonClass } from '../buttons';

/** A person's photo in the content: the stored photo's id and its alt text. */
export interface PhotoValue {
  id: string;
  description: string;
}

export interface PhotoFieldProps {
  value: PhotoValue | undefined;
  onChange(value: PhotoValue | undefined): void;
  /** The page's field errors by path ("people.0.photo.description"), as the schema or the server gives them. */
  errors?: Record<string, string>;
  /** This field's path in the page's content ("people.0.photo"). */
  path: string;
}

const copy = {
  photo: 'Photo',
  hint: 'PNG, JPEG or WebP, at most 10 MB. The team page shows it as a circle.',
  uploading: 'Uploading the photo…',
  preview: 'Photo preview',
  remove: 'Remove photo',
  description: 'Photo description',
  descriptionHint: 'What the photo shows, for people who cannot see it.',
  tooLarge: 'The photo is too large: upload one of at most 10 MB.',
} as const;

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-700';

/** The file's bytes as base64, as the upload's contract carries them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** An error shown under its field, announced as it appears. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div role="alert" className="empty:hidden">
      {message && (
        <p id={id} className="mt-1 text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}

/** Uploads a chosen file (checked and resized by the server); resolves to its id, or a sentence why not. */
async function uploadPhoto(file: File): Promise<{ id: string } | { error: string }> {
  if (file.size > PHOTO_MAX_BYTES) return { error: copy.tooLarge };
  try {
    const { id } = await callApi(photoEndpoints.upload, { body: { data: await base64Of(file) } });
    return { id };
  } catch (failure) {
    return { error: failure instanceof ApiFailure ? failure.message : NETWORK_FAILURE_MESSAGE };
  }
}

/** The photo's alt text: required while there is a photo (the schema says so on both sides). */
function DescriptionInput(props: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  return (
    <div>
      <label htmlFor={ids.input} className="block text-sm font-medium text-slate-700">
        {copy.description}
      </label>
      <p id={ids.hint} className="mt-0.5 text-sm text-slate-600">
        {copy.descriptionHint}
      </p>
      <input
        id={ids.input}
        type="text"
        required
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${ids.error} ${ids.hint}` : ids.hint}
        className={fieldClass}
      />
      <FieldError id={ids.error} message={props.error} />
    </div>
  );
}

/** Uploads the file chosen in the input, then gives the photo (with the description so far) to onChange. */
function usePhotoUpload(value: PhotoValue | undefined, onChange: (value: PhotoValue) => void) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    const result = await uploadPhoto(file);
    setUploading(false);
    input.value = '';
    if ('error' in result) setUploadError(result.error);
    else onChange({ id: result.id, description: value?.description ?? '' });
  }

  return { uploading, uploadError, choose };
}

/**
 * A person's optional photo in the Website section: a file input ("Photo") that uploads at once and
 * shows a small preview, a button to remove it, and its required description (the alt text on the
 * page). The page's content keeps only the id and the description; saving the draft saves them.
 */
export function PhotoField({ value, onChange, errors = {}, path }: PhotoFieldProps) {
  const { uploading, uploadError, choose } = usePhotoUpload(value, onChange);
  const ids = { label: useId(), input: useId(), hint: useId(), error: useId() };
  const photoError = uploadError ?? errors[path] ?? errors[`${path}.id`];
  const descriptionError = errors[`${path}.description`];

  return (
    // A group named by the file input's label, so the person's photo reads as one part of the person.
    <div
      role="group"
      aria-labelledby={ids.label}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <div>
        <label id={ids.label} htmlFor={ids.input} className="block text-sm font-medium text-slate-700">
          {copy.photo}
        </label>
        <p id={ids.hint} className="mt-0.5 text-sm text-slate-600">
          {copy.hint}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {value && (
            <img
              src={photoPath(value.id, 160)}
              alt={copy.preview}
              width={64}
              height={64}
              className="size-16 rounded-full bg-slate-100 object-cover"
            />
          )}
          <input
            id={ids.input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => void choose(event)}
            disabled={uploading}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? `${ids.error} ${ids.hint}` : ids.hint}
            className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          {value && (
            <button type="button" className={buttonClass.small} onClick={() => onChange(undefined)}>
              {copy.remove}
            </button>
          )}
        </div>
        {uploading && (
          <p role="status" className="mt-1 text-sm text-slate-600">
            {copy.uploading}
          </p>
        )}
        <FieldError id={ids.error} message={photoError} />
      </div>
      {value && (
        <DescriptionInput
          value={value.description}
          onChange={(description) => onChange({ ...value, description })}
          error={descriptionError}
        />
      )}
    </div>
  );
}

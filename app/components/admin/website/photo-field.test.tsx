import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoField, type PhotoValue } from './photo-field';

const fetchMock = vi.fn<typeof fetch>();
const ID = 'a1b2c3d4e5f60718293a4b5c';

beforeEach(() => {
  fetchMock.mockImplementation(async () => Response.json({ id: ID, previewPath: `/photos/${ID}-160.webp` }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The field as the editor holds it: the value in state, the errors given. */
function Editor({ start, errors }: { start?: PhotoValue; errors?: Record<string, string> }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <PhotoField value={value} onChange={setValue} errors={errors} path="people.0.photo" />
      <output aria-label="Saved value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'asha.png', { type: 'image/png' });

describe("a person's photo in the Website section", () => {
  it('uploads the chosen file, shows a preview and asks for its description', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    expect(screen.queryByLabelText('Photo description')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Photo' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo', { exact: true, selector: 'input' }), png());
    expect(await screen.findByRole('img', { name: 'Photo preview' })).toHaveAttribute(
      'src',
      `/photos/${ID}-160.webp`,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/admin/api/website/photos');
    expect(JSON.parse(String(init?.body))).toEqual({ data: btoa('\x89PNG\x01\x02\x03') });
    const description = screen.getByLabelText('Photo description');
    expect(description).toBeRequired();
    await user.type(description, 'Asha at her desk');
    expect(screen.getByLabelText('Saved value')).toHaveTextContent(
      JSON.stringify({ id: ID, description: 'Asha at her desk' }),
    );
  });

  it('removes the photo', async () => {
    const user = userEvent.setup();
    render(<Editor start={{ id: ID, description: 'Asha' }} />);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Photo description')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Saved value')).toHaveTextContent('null');
  });

  it("shows the server's refusal next to the field, and keeps the photo there was", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        {
          error: 'unsupported-type',
          message: 'This file is not a PNG, JPEG or WebP photo. Upload one of those.',
        },
        { status: 415 },
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    render(<Editor start={{ id: ID, description: 'Asha' }} />);
    const input = screen.getByLabelText('Photo', { exact: true, selector: 'input' });
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(
      await screen.findByText('This file is not a PNG, JPEG or WebP photo. Upload one of those.'),
    ).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/not a PNG, JPEG or WebP/);
    expect(screen.getByLabelText('Saved value')).toHaveTextContent(
      JSON.stringify({ id: ID, description: 'Asha' }),
    );
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const large = png();
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Photo', { exact: true, selector: 'input' }), large);
    expect(
      await screen.findByText('The photo is too large: upload one of at most 10 MB.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the schema's error for the description next to it", () => {
    render(
      <Editor
        start={{ id: ID, description: '' }}
        errors={{ 'people.0.photo.description': 'This field is required.' }}
      />,
    );
    expect(screen.getByLabelText('Photo description')).toHaveAccessibleDescription(
      /This field is required\./,
    );
  });
});

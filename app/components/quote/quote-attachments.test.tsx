import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteMessages } from '../../../common/quote-messages';
import { quoteFields, quoteFormFields } from '../../../common/quote-request';
import { sampleQuote } from '../../../common/quote-sample';
import { QuoteSection } from './quote-section';
import { quoteCallToAction } from '../../content/home';

/** An upload the test answers: it records what was sent and reports progress when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  upload: { onprogress?: (event: ProgressEvent) => void } = {};
  onload?: () => void;
  onerror?: (event: Event) => void;
  ontimeout?: (event: Event) => void;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  timeout = 0;
  url = '';
  body: FormData | undefined;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  respond(status: number, text: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = text;
    this.headers = headers;
    act(() => this.onload?.());
  }
}

const typed = sampleQuote();
const pdf = (name = 'brief.pdf', content = '%PDF-1.7 brief') =>
  new File([content], name, { type: 'application/pdf' });
const sized = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const MB = 1024 * 1024;

async function openForm(fill = true) {
  window.history.replaceState(null, '', '/');
  // The control's accept attribute would keep the wrong files out of these tests; a visitor can pick "All files".
  const user = userEvent.setup({ applyAccept: false });
  render(<QuoteSection callToAction={quoteCallToAction} />);
  await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
  if (fill) {
    for (const name of quoteFields) {
      if (typed[name]) await user.type(screen.getByLabelText(quoteFormFields[name].label), typed[name]);
    }
  }
  const input = screen.getByLabelText('Attachments');
  const attach = async (...files: File[]) => {
    await user.upload(input, files);
    await screen.findAllByRole('button', { name: `Remove ${files.at(-1)?.name ?? ''}` });
  };
  const submit = () => screen.getByRole('button', { name: /Submit Request|Sending/ });
  return { user, input, attach, submit };
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Chosen files' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  FakeUpload.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the quote form\'s "Attachments" field', () => {
  it('is an optional multiple file control posted as multipart, with the kinds and limits as its hint', async () => {
    const { input } = await openForm(false);
    expect(screen.getByRole('form', { name: 'Quote request' })).toHaveAttribute(
      'enctype',
      'multipart/form-data',
    );
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'attachments');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf,.docx'));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Up to 5 files, 10 MB each, 25 MB in all.'),
    );
  });

  it('lists each chosen file with its size and a Remove button; choosing again adds files', async () => {
    const { attach } = await openForm();
    await attach(pdf(), new File(['a,b\n1,2\n'], 'budget.csv', { type: 'text/csv' }));
    await attach(sized('screens.png', 2.4 * MB));
    expect(listed()).toEqual([
      'brief.pdf14 bytesRemove brief.pdf',
      'budget.csv8 bytesRemove budget.csv',
      'screens.png2.4 MBRemove screens.png',
    ]);
  });

  it('takes a file off the list with its Remove button and puts focus back on the field', async () => {
    const { user, input, attach } = await openForm();
    await attach(pdf(), pdf('plan.pdf'));
    await user.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(listed()).toEqual(['plan.pdf14 bytesRemove plan.pdf']);
    expect(input).toHaveFocus();
  });

  it('names each file that cannot be sent before sending, and blocks the send until it is removed', async () => {
    const { user, attach, submit } = await openForm();
    await attach(pdf(), sized('video.pdf', 11 * MB), new File(['MZ'], 'setup.exe'));
    expect(screen.getByRole('button', { name: 'Remove video.pdf' })).toHaveAccessibleDescription(
      'video.pdf is larger than 10 MB.',
    );
    expect(screen.getByRole('button', { name: 'Remove setup.exe' })).toHaveAccessibleDescription(
      expect.stringMatching(/^setup\.exe is not a file we accept\./),
    );
    expect(screen.getByRole('button', { name: 'Remove brief.pdf' })).not.toHaveAccessibleDescription();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove video.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Remove setup.exe' }));
    expect(submit()).toBeEnabled();
  });

  it('says so at the field when the files are too many or too large together', async () => {
    const { input, attach, submit } = await openForm();
    await attach(...['a', 'b', 'c', 'd', 'e', 'f'].map((name) => sized(`${name}.pdf`, 5 * MB)));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Attach at most 5 files. The files together can be at most 25 MB.'),
    );
    expect(submit()).toBeDisabled();
  });
});

describe('the file picker, as a visitor sees it with JavaScript', () => {
  it('shows a "Choose files" button in place of the control\'s own words, then "Add more files"', async () => {
    const { input, attach } = await openForm();
    // The control is emptied after each choice: its own "No file chosen" would contradict the list.
    expect(input).toHaveClass('sr-only');
    expect(screen.getByLabelText('Choose files')).toBe(input);
    await attach(pdf());
    expect(screen.getByLabelText('Add more files')).toBe(input);
    expect(screen.getByLabelText('Attachments')).toBe(input);
  });

  it("without JavaScript keeps the browser's own control, which says what it holds", () => {
    const html = renderToString(<QuoteSection callToAction={quoteCallToAction} />);
    expect(html).toContain('type="file"');
    expect(html).not.toContain('sr-only peer');
    expect(html).not.toMatch(/peer sr-only|Choose files/);
  });

  it('says beside the disabled button why it cannot be pressed, whatever stops it', async () => {
    const { attach, submit } = await openForm(false);
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('Fill in every required field to send your request.');
    for (const name of quoteFields) {
      if (typed[name])
        fireEvent.change(screen.getByLabelText(quoteFormFields[name].label), {
          target: { value: typed[name] },
        });
    }
    expect(submit()).toBeEnabled();
    expect(submit()).not.toHaveAccessibleDescription();
    await attach(pdf(), new File(['MZ'], 'setup.exe'));
    expect(submit()).toBeDisabled();
    expect(screen.getByText(/^Remove or replace setup\.exe/)).toBeVisible();
    expect(submit()).toHaveAccessibleDescription(
      'Remove or replace setup.exe to send your request: see why in the list of files.',
    );
  });

  it('brings a file that cannot be sent into sight as it is listed, and lets it be replaced in its place', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { user, input, attach, submit } = await openForm();
    await attach(pdf(), new File(['MZ'], 'setup.exe'), pdf('plan.pdf'));
    const refused = screen.getByText(/^setup\.exe is not a file we accept/).closest('li');
    expect(scrolled.mock.contexts).toContain(refused);
    await user.click(screen.getByRole('button', { name: 'Replace setup.exe' }));
    // The picker closes with the new file: the browser fires "change" alone.
    fireEvent.change(input, { target: { files: [pdf('setup.pdf')] } });
    delete (input as { files?: unknown }).files; // the control's own list again, for the next choice
    expect(listed()).toEqual([
      'brief.pdf14 bytesRemove brief.pdf',
      'setup.pdf14 bytesRemove setup.pdf',
      'plan.pdf14 bytesRemove plan.pdf',
    ]);
    expect(submit()).toBeEnabled();
    // Opened by the visitor, not by a Replace button, the control adds.
    await attach(pdf('notes.pdf'));
    expect(listed()).toHaveLength(4);
  });
});

describe('sending the quote form with files', () => {
  it('sends every listed file under "attachments", shows the upload progress, then the success message', async () => {
    const { user, attach, submit } = await openForm();
    await attach(pdf());
    await attach(pdf('plan.pdf'));
    await user.click(submit());
    const upload = FakeUpload.last;
    expect(upload?.url).toBe('/api/quote');
    expect(upload?.body?.getAll('attachments').map((file) => (file as File).name)).toEqual([
      'brief.pdf',
      'plan.pdf',
    ]);
    expect(upload?.body?.get('email')).toBe(typed.email);

    upload?.progress(0, 4000);
    expect(screen.getByRole('progressbar', { name: /Uploading your files: 0%/ })).toHaveValue(0);
    upload?.progress(2100, 4000);
    expect(screen.getByRole('progressbar', { name: /Uploading your files: 52%/ })).toHaveValue(52);

    upload?.respond(200, 'success');
    expect(await screen.findByRole('status')).toHaveTextContent(quoteMessages.success);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
  });

  it("says so when the request was taken without its files (the site's limit for the day)", async () => {
    const { user, attach, submit } = await openForm();
    await attach(pdf());
    await user.click(submit());
    FakeUpload.last?.respond(200, 'success', { 'quote-files': 'not-kept' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(quoteMessages.success);
    expect(status).toHaveTextContent(quoteMessages.filesNotKept);
  });

  it("on a refusal keeps what was typed and the files, and shows the server's words by the file they name", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { user, input, attach, submit } = await openForm();
    await attach(pdf(), pdf('plan.pdf'));
    await user.click(submit());
    FakeUpload.last?.respond(
      415,
      [
        'A file you attached was refused, so the quote request was not sent.',
        'attachments: brief.pdf is not really a PDF file, whatever its name says.',
        'attachments: Attach at most 1 files.',
      ].join('\n'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(quoteMessages.failure);
    expect(screen.getByRole('button', { name: 'Remove brief.pdf' })).toHaveAccessibleDescription(
      'brief.pdf is not really a PDF file, whatever its name says.',
    );
    // The alert is above the form, out of sight on a phone: the refused file takes the focus, in sight.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove brief.pdf' })).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(screen.getByRole('button', { name: 'Replace brief.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove plan.pdf' })).not.toHaveAccessibleDescription();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Attach at most 1 files.'));
    for (const name of quoteFields) {
      expect(screen.getByLabelText(quoteFormFields[name].label)).toHaveValue(typed[name]);
    }
    expect(listed()).toHaveLength(2);
    // The server's words go once the files change.
    await user.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('on a network failure logs it, keeps the files and shows the try-again-later text', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, attach, submit } = await openForm();
    await attach(pdf());
    await user.click(submit());
    act(() => FakeUpload.last?.onerror?.(new Event('error')));
    expect(await screen.findByRole('alert')).toHaveTextContent(quoteMessages.transportFailure);
    expect(consoleError).toHaveBeenCalled();
    expect(listed()).toHaveLength(1);
  });
});

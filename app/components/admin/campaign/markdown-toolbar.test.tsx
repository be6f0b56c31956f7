import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyMarkdown } from './markdown-edits';
import { MarkdownToolbar } from './markdown-toolbar';

function Body({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <MarkdownToolbar target={ref} controls="body" onEdit={setValue} />
      <label htmlFor="body">Body</label>
      <textarea id="body" ref={ref} value={value} onChange={(event) => setValue(event.target.value)} />
    </>
  );
}

function select(textarea: HTMLTextAreaElement, text: string) {
  const start = textarea.value.indexOf(text);
  textarea.setSelectionRange(start, start + text.length);
}

describe('the Markdown toolbar of a campaign’s body', () => {
  it('has a named button for each kind of formatting', () => {
    render(<Body initial="" />);
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Heading',
      'Bold',
      'Italic',
      'Link',
      'List',
    ]);
  });

  it('wraps the selected words in bold, then italic', () => {
    render(<Body initial="Audits are free until December." />);
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' });
    select(body, 'free');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(body.value).toBe('Audits are **free** until December.');
    select(body, 'December');
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(body.value).toBe('Audits are **free** until _December_.');
  });

  it('makes the selection a link whose address is selected to type over', () => {
    const edit = applyMarkdown('link', { value: 'See our work.', selectionStart: 4, selectionEnd: 12 });
    expect(edit.value).toBe('See [our work](https://).');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('makes each selected line a list item and the current line a heading, once', () => {
    render(<Body initial={'A retailer\nA clinic\nA school'} />);
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' });
    body.setSelectionRange(0, body.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(body.value).toBe('- A retailer\n- A clinic\n- A school');
    body.setSelectionRange(0, body.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(body.value).toBe('- A retailer\n- A clinic\n- A school');

    const heading = applyMarkdown('heading', { value: 'Intro\nNews', selectionStart: 8, selectionEnd: 8 });
    expect(heading.value).toBe('Intro\n## News');
  });

  it('puts a placeholder to type over when nothing is selected', () => {
    const edit = applyMarkdown('bold', { value: 'Hello ', selectionStart: 6, selectionEnd: 6 });
    expect(edit.value).toBe('Hello **bold text**');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('bold text');
  });
});

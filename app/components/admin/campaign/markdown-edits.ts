/** What the Markdown toolbar does to the body: the text, and what is selected after. */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export type MarkdownAction = 'heading' | 'bold' | 'italic' | 'link' | 'list';

/** The selection wrapped in `before` and `after`; with nothing selected, a placeholder to type over. */
function wrap(edit: TextEdit, before: string, after: string, placeholder: string): TextEdit {
  const { value, selectionStart: start, selectionEnd: end } = edit;
  const inner = value.slice(start, end) || placeholder;
  return {
    value: `${value.slice(0, start)}${before}${inner}${after}${value.slice(end)}`,
    selectionStart: start + before.length,
    selectionEnd: start + before.length + inner.length,
  };
}

/** Each line the selection touches starts with `prefix` (once: a second press does not double it). */
function prefixLines(edit: TextEdit, prefix: string, placeholder: string): TextEdit {
  const { value, selectionStart: start, selectionEnd: end } = edit;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const block = value.slice(lineStart, lineEnd);
  if (block === '') {
    const inserted = `${prefix}${placeholder}`;
    return {
      value: `${value.slice(0, lineStart)}${inserted}${value.slice(lineEnd)}`,
      selectionStart: lineStart + prefix.length,
      selectionEnd: lineStart + inserted.length,
    };
  }
  const lines = block.split('\n').map((line) => (line.startsWith(prefix) ? line : `${prefix}${line}`));
  const replaced = lines.join('\n');
  return {
    value: `${value.slice(0, lineStart)}${replaced}${value.slice(lineEnd)}`,
    selectionStart: lineStart,
    selectionEnd: lineStart + replaced.length,
  };
}

/** The body after a toolbar button: bold and italic wrap, a link wraps and selects its address. */
export function applyMarkdown(action: MarkdownAction, edit: TextEdit): TextEdit {
  switch (action) {
    case 'bold':
      return wrap(edit, '**', '**', 'bold text');
    case 'italic':
      return wrap(edit, '_', '_', 'italic text');
    case 'heading':
      return prefixLines(edit, '## ', 'Heading');
    case 'list':
      return prefixLines(edit, '- ', 'List item');
    case 'link': {
      const linked = wrap(edit, '[', '](https://)', 'link text');
      // The address is what is left to write: select "https://" to type over it.
      const urlStart = linked.selectionEnd + 2;
      return { ...linked, selectionStart: urlStart, selectionEnd: urlStart + 'https://'.length };
    }
  }
}

import type { RefObject } from 'react';
import { applyMarkdown, type MarkdownAction } from './markdown-edits';

/** The toolbar's buttons: a short face and the accessible name that says what each does. */
const tools: readonly { action: MarkdownAction; face: string; label: string; className?: string }[] = [
  { action: 'heading', face: 'H', label: 'Heading', className: 'font-bold' },
  { action: 'bold', face: 'B', label: 'Bold', className: 'font-bold' },
  { action: 'italic', face: 'I', label: 'Italic', className: 'italic font-serif' },
  { action: 'link', face: 'Link', label: 'Link' },
  { action: 'list', face: '• List', label: 'List' },
];

interface MarkdownToolbarProps {
  /** The textarea it edits. */
  target: RefObject<HTMLTextAreaElement | null>;
  /** Ids of the textarea this toolbar controls. */
  controls: string;
  onEdit: (value: string) => void;
}

/**
 * Buttons that write Markdown around the selection in the body: the person still sees and edits plain
 * Markdown, and the selection stays on what was wrapped (or on the placeholder to type over).
 */
export function MarkdownToolbar({ target, controls, onEdit }: MarkdownToolbarProps) {
  const press = (action: MarkdownAction) => {
    const textarea = target.current;
    if (!textarea) return;
    const edit = applyMarkdown(action, {
      value: textarea.value,
      selectionStart: textarea.selectionStart,
      selectionEnd: textarea.selectionEnd,
    });
    onEdit(edit.value);
    // After React has written the new value, put the selection and the focus back in the text.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1"
    >
      {tools.map((tool) => (
        <button
          key={tool.action}
          type="button"
          aria-label={tool.label}
          title={tool.label}
          onClick={() => press(tool.action)}
          className={`inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-2.5 text-sm text-ink hover:bg-white hover:ring-1 hover:ring-slate-300 ${tool.className ?? 'font-semibold'}`}
        >
          <span aria-hidden="true">{tool.face}</span>
        </button>
      ))}
    </div>
  );
}

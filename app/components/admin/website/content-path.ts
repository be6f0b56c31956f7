/**
 * A field of a page's content is named by its path, the keys and item numbers joined with dots
 * ("items.2.answer"): the editor's fields, the browser's checks and the server's 400 `fields` use the same.
 */

export type Path = readonly (string | number)[];

export const pathName = (path: Path) => path.join('.');

/** The value at a path (undefined when a part is missing). */
export function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/** A copy of root with the value at path replaced (undefined removes an object's key); root is left as is. */
export function withValueAt(root: unknown, path: Path, next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, next);
    return copy;
  }
  const object = (root ?? {}) as Record<string, unknown>;
  const value = withValueAt(object[head], rest, next);
  if (value !== undefined) return { ...object, [head]: value };
  return Object.fromEntries(Object.entries(object).filter(([key]) => key !== String(head)));
}

/** A list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** A message per path from a check's issues (the first message of each path). */
export function messagesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

/** The messages at a path or under it (a list's own count and its items'). */
export function messagesUnder(messages: Readonly<Record<string, string>>, name: string): string[] {
  return Object.entries(messages)
    .filter(([key]) => key === name || key.startsWith(`${name}.`))
    .map(([, message]) => message);
}

/** Paragraphs as typed in one text area: separated by a blank line. */
export const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/;

export function paragraphsOf(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export const textOfParagraphs = (paragraphs: readonly string[]) => paragraphs.join('\n\n');

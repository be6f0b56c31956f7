/** The longest file name kept, in characters (the extension is kept whole). */
export const MAX_FILE_NAME_LENGTH = 200;

/** A name for a file sent without a usable one. */
const UNNAMED = 'file';

/**
 * What a reader cannot see in a name: controls (C0, C1), and every format and separator character
 * (Unicode Cf, Zl, Zp): the bidi controls that make "exe.pdf" read as "fdp.exe", the direction
 * marks, zero-width spaces and joiners, the byte order mark, soft hyphens, tag characters, line and
 * paragraph separators. A name is only a label, so none of them is needed in it.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * A sent file's name as it is kept and shown: no folder part (a browser on Windows may send
 * C:\Users\...\brief.pdf), no control, format or separator character (HIDDEN), NFC (as typed on a Mac or not,
 * one spelling), without leading dots or spaces, at most MAX_FILE_NAME_LENGTH characters with its
 * extension kept.
 */
export function cleanFileName(sent: string): string {
  const base = sent.split(/[\\/]/).pop() ?? '';
  const name = base
    .normalize('NFC')
    .replace(HIDDEN, '')
    .trim()
    .replace(/^[.\s]+/, '');
  const characters = [...name];
  if (characters.length === 0) return UNNAMED;
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 20) return characters.slice(0, MAX_FILE_NAME_LENGTH).join('');
  const stem = [...name.slice(0, dot)].slice(0, MAX_FILE_NAME_LENGTH - extension.length);
  return `${stem.join('').trimEnd()}${extension.join('')}`;
}

/** Citations a clone cannot look up, in the source's comments (scripts/source-citations.test.ts applies it). */

/**
 * An issue of the tracker by its number, a section of the specification by its number, or a section
 * sign: a reader of a clone has neither the tracker nor the specification. A comment says the reason, or
 * links the file of docs/ (a decision in docs/decisions/) that does.
 */
const CITATION = /\bissues? #?\d+|§|\bspec(?:ification)?\b[^.\n]{0,40}?\bsections? \d+/gi;

/** The comments of a TypeScript, JavaScript or CSS file (`/* … *\/` and `// …`), each with its line. */
function comments(source: string): { line: number; text: string }[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<=^|[^:'"`\\])\/\/.*$/gm)].map((match) => ({
    line: source.slice(0, match.index).split('\n').length,
    text: match[0],
  }));
}

/** The comments of a configuration file (Caddyfile, nginx, systemd, shell): from `#` to the line's end. */
function hashComments(source: string): { line: number; text: string }[] {
  return source.split('\n').flatMap((text, index) => {
    const at = text.search(/(^|\s)#/);
    return at < 0 ? [] : [{ line: index + 1, text: text.slice(at) }];
  });
}

/** Each citation in the comments of a file named `file`, as `line N: citation`. */
export function commentCitations(file: string, source: string): string[] {
  const found = /\.(?:[cm]?[jt]sx?|css)$/.test(file) ? comments(source) : hashComments(source);
  return found.flatMap(({ line, text }) =>
    [...text.matchAll(CITATION)].map((match) => {
      const lineOf = line + text.slice(0, match.index).split('\n').length - 1;
      return `line ${lineOf}: ${match[0].replace(/\s+/g, ' ')}`;
    }),
  );
}

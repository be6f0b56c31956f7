/** Where the source starts a timer of its own (scripts/timers.test.ts applies the rule). */

/** The code without its comments (a comment may name a timer), lines kept where they were. */
function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * Each timer started: setTimeout or setInterval (global, `globalThis.`, or from node:timers, however
 * imported) and node:timers/promises (a timer by another name), as `line N: code`. setImmediate, the
 * next turn of the event loop, is no timer.
 * A socket's own timeout (`socket.setTimeout(ms)`) counts too: it is a timer of the file's.
 */
export function timerCalls(source: string): string[] {
  const code = codeOf(source);
  const pattern = /\bset(?:Timeout|Interval)\b|['"](?:node:)?timers(?:\/promises)?['"]/g;
  return [...code.matchAll(pattern)].map((match) => {
    const line = code.slice(0, match.index).split('\n').length;
    return `line ${line}: ${match[0]}`;
  });
}

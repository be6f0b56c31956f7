import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commentCitations } from './lib/source-citations.ts';

/** Where the code and its configuration live: every tracked (or new) text file there, tests too. */
const FOLDERS = ['server', 'app', 'common', 'scripts', 'bench', 'e2e', 'deploy'];

function files(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS],
    {
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((file) => file !== '' && existsSync(file))
    .filter((file) => /\.(?:[cm]?[jt]sx?|css|sh|conf|service|timer)$|Caddyfile/.test(file));
}

describe('the comments of the source', () => {
  it('cite no issue nor section of the specification by number (a clone has neither): they link docs/ or say why', () => {
    const found = files().flatMap((file) =>
      commentCitations(file, readFileSync(file, 'utf8')).map((citation) => `${file}: ${citation}`),
    );
    expect(found).toEqual([]);
  });

  it('find a citation in a block comment, a line comment and a configuration comment, not in code', () => {
    // Written with `${slash}` for each comment's slash, so that these samples are not this file's comments.
    const slash = '/';
    const code = `${slash}**\n * The team (issue 36).\n *${slash}\nconst a = 1; ${slash}${slash} spec section 7\n`;
    expect(commentCitations('a.ts', code)).toEqual(['line 2: issue 36', 'line 4: spec section 7']);
    expect(commentCitations('a.ts', "const url = 'https://example.com/issue 3';\n")).toEqual([]);
    expect(commentCitations('a.css', `${slash}* RFC 9112 § 3 *${slash}`)).toEqual(['line 1: §']);
    expect(commentCitations('deploy/Caddyfile', 'header {\n  # Issue 21: the proxy\n}\n')).toEqual([
      'line 2: Issue 21',
    ]);
  });
});

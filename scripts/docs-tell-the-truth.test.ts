import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README is the front door: the quick start, the commands and links, no more (the guide). */
const README_MAX_LINES = 300;

/** The folders whose every subfolder docs/project-layout.md must name (as `name/` at the start of a line). */
const LAID_OUT = ['server', 'app', 'common'];

function tracked(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => file !== '' && existsSync(file));
}

/** The folders directly under `parent` that hold a tracked file. */
function subfolders(files: readonly string[], parent: string): string[] {
  const names = files
    .filter((file) => file.startsWith(`${parent}/`))
    .map((file) => file.slice(parent.length + 1).split('/'))
    .filter((parts) => parts.length > 1)
    .map((parts) => parts[0] ?? '');
  return [...new Set(names)].sort();
}

/** Every Markdown link's target in a text, outside code spans and blocks. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** Why a link from `file` does not stay in the repository, or undefined when it does. */
export function outsideLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `${target} leaves the repository`;
  const path = target.split('#')[0] ?? '';
  if (path === '') return undefined;
  const resolved = normalize(join(dirname(file), path));
  if (resolved.startsWith('..')) return `${target} points outside the repository`;
  if (!existsSync(resolved)) return `${target} names no file of the repository`;
  return undefined;
}

/**
 * What a text cites that its reader cannot look up: an issue by its number, "decision 041" (not a link to the
 * decision's file, which a reader can open).
 */
export function citations(markdown: string): string[] {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\[decisions? \d{3}\]\(decisions\/[^)]+\)/gi, '');
  return [...prose.matchAll(/\b(issues? \d+|decisions? \d{3})\b/gi)].map((match) => match[0]);
}

describe('the docs', () => {
  const files = tracked();

  it(`keep the README within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync('README.md', 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('link from the README only to files of the repository', () => {
    const wrong = linkTargets(readFileSync('README.md', 'utf8'))
      .map((target) => outsideLink('README.md', target))
      .filter((reason) => reason !== undefined);
    expect(wrong).toEqual([]);
  });

  it("link from docs/ only to files that exist (the web's addresses apart)", () => {
    const wrong = files
      .filter((file) => file.startsWith('docs/') && file.endsWith('.md'))
      .flatMap((file) =>
        linkTargets(readFileSync(file, 'utf8'))
          .filter((target) => !/^https?:/.test(target))
          .map((target) => outsideLink(file, target))
          .filter((reason) => reason !== undefined)
          .map((reason) => `${file}: ${reason}`),
      );
    expect(wrong).toEqual([]);
  });

  it.each(LAID_OUT)('name every folder of %s/ in docs/project-layout.md', (parent) => {
    const layout = readFileSync('docs/project-layout.md', 'utf8');
    const named = (folder: string) =>
      new RegExp(`^\\s*(${parent}/)?${folder.replace(/[.-]/g, '\\$&')}/(\\s|$)`, 'm').test(layout);
    expect(subfolders(files, parent).filter((folder) => !named(folder))).toEqual([]);
  });

  it('cite no issue and no bare decision number to a reader, who has neither', () => {
    const userDocs = files.filter(
      (file) =>
        file === 'README.md' || (/^docs\/[^/]+\.md$/.test(file) && !file.startsWith('docs/decisions/')),
    );
    const wrong = userDocs.flatMap((file) =>
      citations(readFileSync(file, 'utf8')).map((citation) => `${file}: ${citation}`),
    );
    expect(wrong).toEqual([]);
  });

  it('send no reader to the specification, which a clone does not have', () => {
    expect(readFileSync('README.md', 'utf8')).not.toMatch(/SPEC\.md/);
  });

  it('keep one decision per file, each with its status, all listed in the index', () => {
    const decisions = files.filter((file) => /^docs\/decisions\/\d{3}-[a-z0-9-]+\.md$/.test(file));
    const index = readFileSync('docs/decisions/README.md', 'utf8');
    expect(decisions.length).toBeGreaterThan(0);
    for (const file of decisions) {
      expect(readFileSync(file, 'utf8'), file).toMatch(/^Status: \S/m);
      expect(index, file).toContain(`](${file.slice('docs/decisions/'.length)})`);
    }
    expect(existsSync('docs/decisions.md')).toBe(false);
  });
});

describe('a link', () => {
  it('to the web, or above the repository, is outside it; to a file of it is not', () => {
    expect(outsideLink('README.md', 'https://example.com')).toMatch(/leaves/);
    expect(outsideLink('README.md', '../shared/spec/SPEC.md')).toMatch(/outside/);
    expect(outsideLink('README.md', 'docs/nothing-here.md')).toMatch(/names no file/);
    expect(outsideLink('README.md', 'docs/project-layout.md#top')).toBeUndefined();
    expect(outsideLink('docs/leads.md', '../server/config/config.ts')).toBeUndefined();
  });

  it('to a decision is no citation; a bare issue or decision number is', () => {
    expect(citations('([decision 044](decisions/044-x.md)), issue 36; decision 041 and Issue 2')).toEqual([
      'issue 36',
      'decision 041',
      'Issue 2',
    ]);
  });

  it('in code is not a link', () => {
    expect(linkTargets('see `[a](http://x)` and [b](docs/b.md)')).toEqual(['docs/b.md']);
  });
});

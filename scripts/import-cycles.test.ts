import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, relativeImports } from './lib/import-cycles.ts';

/** The server's and common/'s TypeScript files, tracked or new (tests too: a test is imported by nobody). */
function files(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'server', 'common'],
    {
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter((file) => /\.tsx?$/.test(file));
}

/** Circles known and left for now, each with its reason; remove one when it is gone. None today. */
const KNOWN: readonly (readonly string[])[] = [];

const known = (cycle: readonly string[]) => KNOWN.some((each) => each.join() === cycle.join());

describe('the imports of server/ and common/', () => {
  it('make no circle (a file that needs what imports it: one of them holds what the other needs, or a leaf file does)', () => {
    expect(importCycles(importGraph(files())).filter((cycle) => !known(cycle))).toEqual([]);
  });

  it('are found in every way a file imports, types included', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { b } from '../b.ts';",
      "export { c } from './c.ts';",
      "import './d.ts';",
      "const e = await import('./e.ts');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts']);
  });

  it('are circles when files reach each other, however long the way', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});

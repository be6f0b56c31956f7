/** Circles of imports between files (scripts/import-cycles.test.ts applies it to server/). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** The relative paths a module imports or re-exports, statically or dynamically, types included. */
export function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm);
  return [...found].map((match) => match[1] ?? '');
}

/** The file an import names, as the bundler and tsx resolve it, or undefined when it is none of ours. */
function resolved(from: string, path: string): string | undefined {
  const base = normalize(join(dirname(from), path));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/** Each file's imports among `files` (a graph of the files, by path). */
export function importGraph(files: readonly string[], read: (file: string) => string = readText) {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      relativeImports(read(file))
        .map((path) => resolved(file, path))
        .filter((target): target is string => target !== undefined && known.has(target)),
    ]),
  );
}

const readText = (file: string) => readFileSync(file, 'utf8');

/**
 * The circles of a graph: each set of files that reach each other through their imports (a strongly
 * connected component of more than one file, or a file that imports itself), its files sorted.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

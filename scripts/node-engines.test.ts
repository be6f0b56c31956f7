import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };

/** The lowest release of each Node line the project supports: `^20.19.0 || ^22.13.0 || >=24` gives three. */
export function supportedFloors(range: string): string[] {
  return range.split('||').map((part) => minVersion(part)?.version ?? part);
}

/** Each installed package whose engines.node refuses one of `versions`, with the versions it refuses. */
export function refusals(packages: Record<string, LockedPackage>, versions: readonly string[]): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || wanted === undefined) return [];
    const refused = versions.filter((version) => !satisfies(version, wanted));
    return refused.length === 0
      ? []
      : [`${path}@${entry.version ?? '?'} wants node ${wanted}, refuses ${refused.join(', ')}`];
  });
}

describe('the Node versions the project supports', () => {
  const floors = supportedFloors(manifest.engines.node);

  it('are accepted by every package npm installs, so npm install warns of no engine', () => {
    expect(floors.length).toBeGreaterThan(1);
    expect(refusals(lock.packages, floors)).toEqual([]);
  });

  it('finds a package that wants a newer Node than the floor', () => {
    const packages = { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } };
    expect(refusals(packages, ['20.19.0', '22.13.0'])).toEqual([
      'node_modules/cookie@2.0.2 wants node >=22, refuses 20.19.0',
    ]);
  });

  it.each(['README.md', 'docs/deploy.md'])('are the ones %s names', (file) => {
    const text = readFileSync(file, 'utf8');
    for (const floor of floors) {
      const [major, minor] = floor.split('.');
      const named = minor === '0' ? `Node.js ${major ?? ''}` : `${major ?? ''}.${minor ?? ''}`;
      expect(text).toContain(named);
    }
  });
});

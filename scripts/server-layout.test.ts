import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_NEEDS } from '../eslint.config.js';

/** The source files of a folder itself (not its subfolders), tests apart. */
const sourceFilesOf = (folder: string) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(folder, entry.name));

describe("the server's layout (docs/project-layout.md)", () => {
  it('keeps only the composition at the top of server/: at most 10 source files', () => {
    expect(sourceFilesOf('server').length, sourceFilesOf('server').join('\n')).toBeLessThanOrEqual(10);
  });

  it('keeps admin/ to the inbox itself: at most 12 source files, each feature keeping its own endpoints', () => {
    expect(sourceFilesOf('server/admin').length).toBeLessThanOrEqual(12);
  });

  it('gives each feature folder one definition of what it has', () => {
    for (const folder of Object.keys(FEATURE_NEEDS)) {
      expect(sourceFilesOf(join('server', folder))).toContain(join('server', folder, `${folder}-feature.ts`));
    }
  });
});

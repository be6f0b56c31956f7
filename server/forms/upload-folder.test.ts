import { mkdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.ts';
import { createUploadFolder } from './upload-folder.ts';

describe('the upload folder', () => {
  it('is private, and sweeps what servers no longer running left behind, not what running ones hold', async () => {
    const root = tempDir();
    const parent = join(root, `uploads-${userInfo().uid}`);
    const dead = join(parent, '2147483646-0a0b');
    const alive = join(parent, `${process.pid}-0c0d`);
    for (const dir of [dead, alive]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'half-a-file'), 'x');
    }

    const folder = createUploadFolder('uploads', root);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(join(alive, 'half-a-file'))).toBe(true);
    expect(statSync(parent).mode & 0o777).toBe(0o700);
    expect(statSync(folder.path).mode & 0o777).toBe(0o700);
    expect(folder.newFilePath().startsWith(`${folder.path}/`)).toBe(true);

    await folder.remove();
    expect(existsSync(folder.path)).toBe(false);
  });
});

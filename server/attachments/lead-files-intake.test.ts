import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { tempDir } from '../test/temp-dir.ts';
import { checkLeadFiles } from './lead-files-intake.ts';

/** A scanner that never answers until its signal gives the scan up; counts the scans started. */
function silentScanner(): VirusScanner & { started: number } {
  const scanner = {
    started: 0,
    scan: (_content: AsyncIterable<Uint8Array>, signal?: AbortSignal) => {
      scanner.started++;
      return new Promise<{ outcome: 'unavailable'; reason: string }>((resolve) =>
        signal?.addEventListener('abort', () => resolve({ outcome: 'unavailable', reason: 'stopped' })),
      );
    },
  };
  return scanner;
}

describe("the one deadline of a request's scan", () => {
  it('already spent (a slow upload used it up): every file kept pending at once, none sent to the scanner', async () => {
    const dir = tempDir();
    const files = ['a.pdf', 'b.pdf'].map((name) => {
      const path = join(dir, name);
      writeFileSync(path, SAMPLE_FILES.pdf);
      return { name, path, size: SAMPLE_FILES.pdf.length, sha256: '' };
    });
    const scanner = silentScanner();
    const check = await checkLeadFiles(files, scanner, undefined, { deadlineMs: -250 });
    expect(check).toMatchObject({ ok: true, files: [{ scan: 'pending' }, { scan: 'pending' }] });
    expect(scanner.started).toBe(0);
  });
});

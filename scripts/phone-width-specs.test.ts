import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP_ONLY_STAFF_SPECS } from '../e2e/support/phone-width-specs.ts';

describe('the specs left out at phone width', () => {
  it('each names a staff spec that exists (a renamed one would otherwise run at both widths unseen)', () => {
    expect(DESKTOP_ONLY_STAFF_SPECS.length).toBeGreaterThan(0);
    for (const pattern of DESKTOP_ONLY_STAFF_SPECS) {
      const file = pattern.replace('**/', 'e2e/');
      expect(existsSync(file), file).toBe(true);
      expect(file).toMatch(/^e2e\/(staff|admin)-/);
    }
  });
});

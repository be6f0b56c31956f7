import type { RecordActivity } from '../db/activity-line.ts';
import type { Storage } from '../db/database.ts';

/**
 * The inbox's activity log told of each quote refused because a file held a virus: nothing of it
 * is stored (no lead, no file), so this line is what staff see of it. It names what the scanner
 * found, never the visitor nor the file (a file's name may say who sent it).
 */
export interface VirusRefusals {
  record(viruses: readonly string[], at: Date): Promise<void>;
}

/** The line staff read: "A quote request was refused: a file held a virus (Eicar-Test-Signature)…". */
function virusRefusalSummary(viruses: readonly string[]): string {
  const found = [...new Set(viruses)].join(', ');
  const what = viruses.length === 1 ? 'a file held a virus' : `${viruses.length} files held viruses`;
  return `A quote request was refused: ${what} (${found}). Nothing was stored; the visitor was told which file.`;
}

/** Written by the activity log's owner (passed in: the leads may not import it), as the newsletter's and integrations' system lines are. */
export function createVirusRefusals(
  storage: Pick<Storage, 'write'>,
  recordActivity: RecordActivity<'virus-refused'>,
): VirusRefusals {
  return {
    async record(viruses, at) {
      if (viruses.length === 0) return;
      await storage.write.run((trx) =>
        recordActivity(
          trx,
          { actor: null, action: 'virus-refused', summary: virusRefusalSummary(viruses), leadId: null },
          at,
        ),
      );
    },
  };
}

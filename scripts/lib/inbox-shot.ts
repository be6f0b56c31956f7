/** What a shot of the inbox is: the page, what it seeds, and what happens before and after it opens. */
import type { Page } from '@playwright/test';
import { seedSampleInbox, seedStaff } from '../../e2e/support/staff-sample.ts';
import type { PasskeyKey, StaffDatabase } from '../../e2e/support/staff-seed.ts';

/** What a shot seeded: the account the browser is signed in as (none: signed out), and more it needs. */
export interface Seeded {
  accountId?: number;
  /** Meera's laptop passkey, for a virtual authenticator. */
  laptop?: PasskeyKey;
  /** The address's #fragment: an invitation's token. */
  fragment?: string;
}

export interface Shot {
  name: string;
  path: string;
  /** Fills the emptied database: by default the sample inbox, signed in as Meera. */
  seed?: (db: StaffDatabase) => Seeded;
  /** Before the page opens (a failing call, say). */
  before?: (page: Page, seeded: Seeded) => Promise<void>;
  /** Once it is open (open a dialog, press a button). */
  then?: (page: Page) => Promise<void>;
  /** What the app shell shows before its scripts run (they are held back). */
  beforeScripts?: boolean;
}

/** The sample inbox, signed in as Meera. */
export const sample = (db: StaffDatabase): Seeded => ({ accountId: seedSampleInbox(db).accountId });
/** Meera's account and nothing else: no leads, no email, no subscribers, no activity. */
export const empty = (db: StaffDatabase): Seeded => ({ accountId: seedStaff(db).accountId });

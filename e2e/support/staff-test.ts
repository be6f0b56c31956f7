/**
 * The `test` of the staff specs: the real inbox API of a server per worker (staff-server.ts), whose
 * database each test starts empty and seeds itself (staff-seed.ts, staff-sample.ts).
 */
import type { BrowserContext } from '@playwright/test';
import { test as base } from './fixtures.ts';
import { type SampleStaff, seedSampleInbox } from './staff-sample.ts';
import { openStaffDatabase, signIn, type StaffDatabase } from './staff-seed.ts';
import { attachServerLog, type StaffServer, startStaffServer } from './staff-server.ts';

export interface Staff {
  db: StaffDatabase;
  /** The server's origin, e.g. http://localhost:41234. */
  url: string;
  /** Signs the page's browser (or this other one) in as this account. */
  signIn: (accountId: number, options?: { verified?: boolean; context?: BrowserContext }) => Promise<void>;
  /** The sample inbox, signed in as Meera. */
  sample: (options?: { verified?: boolean }) => Promise<SampleStaff>;
}

export const test = base.extend<{ staff: Staff }, { staffServer: StaffServer; staffTimeZone: string }>({
  staffTimeZone: ['Asia/Kolkata', { scope: 'worker', option: true }],
  staffServer: [
    async ({ staffTimeZone }, use, workerInfo) => {
      const server = await startStaffServer(
        `${workerInfo.project.name}-${workerInfo.workerIndex}`,
        staffTimeZone,
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ staffServer }, use) => use(staffServer.url),
  staff: async ({ staffServer, context }, use, testInfo) => {
    const logStart = staffServer.log().end;
    const db = openStaffDatabase(staffServer.databasePath);
    db.reset();
    const staff: Staff = {
      db,
      url: staffServer.url,
      signIn: (accountId, options) =>
        signIn(db, options?.context ?? context, staffServer.url, accountId, options),
      sample: async (options) => {
        const sample = seedSampleInbox(db);
        await staff.signIn(sample.accountId, options);
        return sample;
      },
    };
    await use(staff);
    db.close();
    await attachServerLog(staffServer, logStart, testInfo);
  },
});

export { expect, waitForHydration } from './fixtures.ts';

/**
 * The team's shots (docs/inbox.md): the Team view with an admin, a member and a revoked account; the inbox with
 * each lead's owner; a lead's Owner and Follow-up cards; and the Follow-ups view with a follow-up overdue,
 * one today and one upcoming (days in the company's time zone, as the server counts them).
 */
import { seedSampleInbox } from '../../e2e/support/staff-sample.ts';
import { newPasskeyKey, seedAccount, type StaffDatabase } from '../../e2e/support/staff-seed.ts';
import type { Seeded, Shot } from './inbox-shot.ts';

const DAY = 86_400_000;
const kolkataDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const dayFromToday = (days: number) => kolkataDay.format(new Date(Date.now() + days * DAY));
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The sample inbox, a member (Ravi) and a revoked admin (Asha), owning leads, some followed up. */
function team(db: StaffDatabase): Seeded {
  const { accountId } = seedSampleInbox(db);
  const passkey = (name: string, hours: number) => ({
    key: newPasskeyKey(),
    name,
    createdAt: hoursAgo(hours),
    lastUsedAt: hoursAgo(hours / 10),
  });
  const ravi = seedAccount(db, 'ravi.kumar@acme.example', [passkey('iPhone 15', 200)]);
  db.run(`update admin_accounts set role = 'member' where id = ?`, ravi);
  const asha = seedAccount(db, 'asha.rao@acme.example', [passkey('ThinkPad', 900)]);
  db.run('update admin_accounts set revoked_at = ? where id = ?', hoursAgo(48), asha);
  const owners: [lead: number, owner: number][] = [
    [12, accountId],
    [10, accountId],
    [11, ravi],
    [9, asha],
  ];
  for (const [lead, owner] of owners)
    db.run('update quote_requests set owner_id = ? where id = ?', owner, lead);
  const followUps: [lead: number, days: number][] = [
    [10, -1],
    [11, 0],
    [12, 3],
  ];
  for (const [lead, days] of followUps)
    db.run('update quote_requests set follow_up_on = ? where id = ?', dayFromToday(days), lead);
  return { accountId };
}

export const teamShots: Shot[] = [
  { name: 'team', path: '/admin/team', seed: team },
  { name: 'inbox-owners', path: '/admin', seed: team },
  { name: 'lead-owner-and-follow-up', path: '/admin/leads/11', seed: team },
  { name: 'follow-ups', path: '/admin/follow-ups', seed: team },
];

import { z } from 'zod';
import { inboxPaths } from '../../common/inbox-paths.ts';
import { STAFF_ROLES } from '../../common/team-domain.ts';
import { oneOf, option, table, UsageError, type CommandIo } from '../cli/cli-args.ts';
import type { ProcessCommand } from '../cli/command.ts';
import { serverHolding } from '../ops/server-lock.ts';
import { checkSite } from './site-check.ts';
import type { AccountRepository } from '../accounts/account-repository.ts';
import { INVITATION_TTL_MS } from '../accounts/account-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';

const ADMIN_USAGE = `Usage: npm run admin -- <command>

  invite <email> [--role admin|member]
                    print a one-time link that makes an account for this address (or, for an
                    existing account, adds a passkey: the way back for someone who lost theirs);
                    it works once, for ${INVITATION_TTL_MS / 3_600_000} hours, and replaces the address's earlier links.
                    The account is an admin (everything) unless --role member (leads only; no
                    Settings, Campaigns, Team or exports); an existing account keeps its role
  list              the accounts, their passkeys and their last sign-in, and the pending invitations
  revoke <email>    end the account's sessions, refuse its passkeys and withdraw its pending
                    invitations (invite again to restore); never the last admin

Reads the same environment as the server (DATABASE_PATH, SITE_URL). Without SITE_URL the link opens
the inbox on this machine's server (http://localhost:PORT); with NODE_ENV=production SITE_URL is required.
`;

export interface AdminCommandContext {
  accounts: AccountRepository;
  activity: ActivityLog;
  /** The public origin the invitation link points to (SITE_URL, or the local server without it). */
  siteUrl: string;
  /** Whether SITE_URL was set (else siteUrl is http://localhost:PORT). */
  siteUrlIsSet: boolean;
  /**
   * Whether the running server answers at siteUrl (site-check.ts): what to tell the person when it
   * does not, or undefined. The command line checks; tests that do not need it leave it out.
   */
  checkSite?: () => Promise<string | undefined>;
  io: CommandIo;
  now: Date;
}

const email = z.email();

function address(value: string | undefined, command: string): string {
  if (!value || !email.safeParse(value.trim()).success) {
    throw new UsageError(`${command} needs an email address, e.g. ${command} priya@yourcompany.com`);
  }
  return value.trim().toLowerCase();
}

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const minute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

/** invite <email>: a one-time link for a new account (or a new passkey for an existing one). */
async function invite(
  value: string | undefined,
  args: string[],
  context: AdminCommandContext,
): Promise<number> {
  const { accounts, activity, io, now } = context;
  const to = address(value, 'invite');
  const role = oneOf(option(args, '--role'), STAFF_ROLES, '--role') ?? 'admin';
  if (!context.siteUrlIsSet) {
    io.err(
      `SITE_URL is not set: the link opens the inbox on this machine's server, ${context.siteUrl}. ` +
        'To invite someone to your site, set SITE_URL to the address people open it at.\n',
    );
  }
  const { token, replaced } = await accounts.invite(to, now, role);
  const existing = await accounts.byEmail(to);
  await activity.record(
    {
      actor: null,
      action: 'invitation',
      summary:
        `Invited ${to} as ${role === 'admin' ? 'an admin' : 'a member'}` +
        `${existing ? ' (an existing account)' : ''} from the command line` +
        (replaced > 0 ? `, replacing ${countOf(replaced, 'earlier link')}` : ''),
    },
    now,
  );
  const until = new Date(now.getTime() + INVITATION_TTL_MS);
  const replacing =
    replaced === 0
      ? ''
      : replaced === 1
        ? ' It replaces the earlier link, which no longer works.'
        : ` It replaces ${replaced} earlier links, which no longer work.`;
  io.out(
    `Invitation for ${to}, valid once until ${minute(until.toISOString())}.${replacing} Send them this link:\n` +
      `${context.siteUrl}${inboxPaths.invitation}#${token}\n`,
  );
  // PORT or SITE_URL other than the running server's: the link would lead nowhere. Said, not refused.
  const problem = await context.checkSite?.();
  if (problem) io.err(`${problem}\n`);
  return 0;
}

/** list: the accounts, and the invitations not yet used. */
async function list(context: AdminCommandContext): Promise<number> {
  const { accounts, io, now } = context;
  const listed = await accounts.list();
  const pending = await accounts.pendingInvitations(now);
  if (listed.length === 0) {
    io.out('No accounts yet: make the first with npm run admin -- invite <email>.\n');
  } else {
    io.out(
      table(
        ['email', 'role', 'status', 'passkeys', 'last sign-in', 'since'],
        listed.map(({ account, passkeys }) => [
          account.email,
          account.role,
          account.revoked_at ? `revoked ${account.revoked_at.slice(0, 10)}` : 'active',
          String(passkeys),
          minute(account.last_sign_in_at),
          account.created_at.slice(0, 10),
        ]),
      ),
    );
  }
  if (pending.length > 0) {
    io.out(
      `\nPending invitations (revoke <email> withdraws one):\n${table(
        ['email', 'expires'],
        pending.map((invitation) => [invitation.email, minute(invitation.expiresAt)]),
      )}`,
    );
  }
  return 0;
}

/** revoke <email>: the account's sessions and passkeys end, its pending invitations are withdrawn. */
async function revoke(value: string | undefined, context: AdminCommandContext): Promise<number> {
  const { accounts, activity, io, now } = context;
  const who = address(value, 'revoke');
  const revoked = await accounts.revoke(who, now);
  if (revoked.lastAdmin) {
    io.err(`${who} is the last admin: invite another admin first (invite <email>), then revoke.\n`);
    return 1;
  }
  const withdrawn = countOf(revoked.invitations, 'pending invitation');
  if (!revoked.account && revoked.invitations === 0) {
    io.err(`No account or pending invitation for ${who}.\n`);
    return 1;
  }
  if (!revoked.account) {
    await activity.record(
      {
        actor: null,
        action: 'invitation',
        summary: `Withdrew the invitation of ${who} from the command line`,
      },
      now,
    );
    io.out(`Withdrew the pending invitation for ${who}: its link no longer works.\n`);
    return 0;
  }
  await activity.record(
    { actor: null, action: 'account-revoked', summary: `Revoked ${who} from the command line` },
    now,
  );
  io.out(
    `Revoked ${who}: their sessions have ended and their passkeys no longer work` +
      `${revoked.invitations > 0 ? `; withdrew ${withdrawn}` : ''}.\n`,
  );
  return 0;
}

/** `npm run admin -- invite|list|revoke`: the inbox's accounts. Returns the exit code. */
export async function runAdminCommand(args: string[], context: AdminCommandContext): Promise<number> {
  const [command, value, ...rest] = args;
  switch (command) {
    case 'invite':
      return invite(value, rest, context);
    case 'list':
      return list(context);
    case 'revoke':
      return revoke(value, context);
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'A command is needed.');
  }
}

/**
 * `npm run admin`: the inbox's accounts. Its usage is shown without reading the environment; then it
 * works on the stores of the configured database, as the server does.
 */
export const adminCommand: ProcessCommand<
  Pick<AdminCommandContext, 'accounts' | 'activity'> & { storage: { file: string | undefined } }
> = {
  name: 'admin',
  opens: 'itself',
  failure: 'admin',
  async run(args, { loadConfig, openStores, io, now }) {
    if (args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '')) {
      (args.length === 0 ? io.err : io.out)(ADMIN_USAGE);
      return args.length === 0 ? 2 : 0;
    }
    const config = loadConfig();
    const stores = await openStores(config);
    try {
      return await runAdminCommand(args, {
        accounts: stores.accounts,
        activity: stores.activity,
        siteUrl: config.siteUrl,
        siteUrlIsSet: config.siteUrlIsSet,
        // The server holding the database's file, if any (a SQLite file is marked; PostgreSQL has none).
        checkSite: () => {
          const { file } = stores.storage;
          return checkSite(config.siteUrl, { heldBy: file ? serverHolding(file)?.pid : undefined });
        },
        io,
        now,
      });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(`${error.message}\n\n${ADMIN_USAGE}`);
      return 2;
    } finally {
      await stores.close();
    }
  },
};

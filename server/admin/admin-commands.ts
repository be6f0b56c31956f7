import { z } from 'zod';
import { adminPaths } from '../../common/admin-api.ts';
import { table, UsageError, type CommandIo } from '../cli/cli-args.ts';
import type { AccountRepository } from './account-repository.ts';
import { INVITATION_TTL_MS } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  invite <email>    print a one-time link that makes an account for this address (or, for an
                    existing account, adds a passkey: the way back for someone who lost theirs);
                    it works once, for ${INVITATION_TTL_MS / 3_600_000} hours
  list              the accounts, their passkeys and their last sign-in
  revoke <email>    end the account's sessions and refuse its passkeys (invite again to restore)

Reads the same environment as the server (DATABASE_PATH, SITE_URL).
`;

export interface AdminCommandContext {
  accounts: AccountRepository;
  activity: ActivityLog;
  /** The public origin the invitation link points to (SITE_URL). */
  siteUrl: string;
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

const minute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

/** `npm run admin -- invite|list|revoke`: the inbox's accounts. Returns the exit code. */
export async function runAdminCommand(args: string[], context: AdminCommandContext): Promise<number> {
  const { accounts, activity, io, now } = context;
  const [command, value] = args;
  switch (command) {
    case 'invite': {
      const to = address(value, 'invite');
      const token = await accounts.invite(to, now);
      const existing = await accounts.byEmail(to);
      await activity.record(
        {
          actor: null,
          action: 'invitation',
          summary: `Invited ${to}${existing ? ' (an existing account)' : ''} from the command line`,
        },
        now,
      );
      const until = new Date(now.getTime() + INVITATION_TTL_MS);
      io.out(
        `Invitation for ${to}, valid once until ${minute(until.toISOString())}. Send them this link:\n` +
          `${context.siteUrl}${adminPaths.invitation}#${token}\n`,
      );
      return 0;
    }
    case 'list': {
      const listed = await accounts.list();
      if (listed.length === 0) {
        io.out('No accounts yet: make the first with npm run admin -- invite <email>.\n');
        return 0;
      }
      io.out(
        table(
          ['email', 'status', 'passkeys', 'last sign-in', 'since'],
          listed.map(({ account, passkeys }) => [
            account.email,
            account.revoked_at ? `revoked ${account.revoked_at.slice(0, 10)}` : 'active',
            String(passkeys),
            minute(account.last_sign_in_at),
            account.created_at.slice(0, 10),
          ]),
        ),
      );
      return 0;
    }
    case 'revoke': {
      const who = address(value, 'revoke');
      if (!(await accounts.revoke(who, now))) {
        io.err(`No account for ${who}.\n`);
        return 1;
      }
      await activity.record(
        { actor: null, action: 'account-revoked', summary: `Revoked ${who} from the command line` },
        now,
      );
      io.out(`Revoked ${who}: their sessions have ended and their passkeys no longer work.\n`);
      return 0;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'A command is needed.');
  }
}

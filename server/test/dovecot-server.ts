/**
 * A throw-away Dovecot (Debian's dovecot-imapd) for the tests: the test's own process, in the
 * foreground (dovecot -F), with a configuration written here: its own base_dir and state_dir, one
 * passwd-file user, maildir storage, `ssl = no`, listening on 127.0.0.1 on a free port. Mail goes in by
 * IMAP APPEND (append()), as a mail server would deliver it. It answers in about 1.5 s. `npm test`
 * skips the Dovecot tests (with one line saying so) only where Dovecot is not installed; CI installs
 * it (.ci/run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './free-port.ts';
import { installedProgram } from './installed-program.ts';

const DOVECOT = '/usr/sbin/dovecot';

/** Whether Dovecot can be run here (CI installs it: .ci/run). */
export const hasDovecot = installedProgram(DOVECOT, 'Dovecot', 'dovecot-imapd');

const DOVECOT_USER = 'sales@acme.test';
const DOVECOT_PASSWORD = 'mailbox-secret';

export interface DovecotServer {
  /** imap://sales%40acme.test:…@127.0.0.1:PORT/INBOX, as IMAP_URL takes it. */
  url: string;
  port: number;
  /** Puts a message in a mailbox (INBOX unless named) by IMAP APPEND; resolves its UID. */
  append(raw: string | Buffer, mailbox?: string): Promise<number | undefined>;
  /** A client of its own (the test's view of the mailbox), logged in; log it out after. */
  client(): Promise<ImapFlow>;
  /** Kills it at once (SIGKILL), as a crash would; the mail stays on disk. */
  kill(): Promise<void>;
  /** Starts it again on the same port and mail. */
  start(): Promise<void>;
  /** Deletes the user's maildir (the mailbox is made again, with a new UIDVALIDITY), while stopped. */
  wipeMail(): void;
  /** Kills it and removes its directory. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL');
});

async function kill(child: ChildProcess) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Its whole process group: the imap and login processes would otherwise keep the connections open.
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/** Who owns the mail: nobody (65534) when the tests run as root, else the tests' own user. */
function mailOwner(): { uid: number; gid: number; root: boolean } {
  const root = process.getuid?.() === 0;
  if (root) return { uid: 65534, gid: 65534, root };
  const { uid, gid } = userInfo();
  return { uid, gid, root };
}

function writeConfig(dir: string, port: number): string {
  const owner = mailOwner();
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(dir, 'state'), { recursive: true });
  if (owner.root) chownSync(home, owner.uid, owner.gid);
  writeFileSync(join(dir, 'passwd'), `${DOVECOT_USER}:{PLAIN}${DOVECOT_PASSWORD}\n`);
  const asUser = owner.root
    ? []
    : [`default_internal_user = ${userInfo().username}`, `default_login_user = ${userInfo().username}`];
  const lines = [
    `base_dir = ${join(dir, 'run')}`,
    `state_dir = ${join(dir, 'state')}`,
    `log_path = ${join(dir, 'dovecot.log')}`,
    `info_log_path = ${join(dir, 'dovecot.log')}`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    'first_valid_uid = 1',
    ...asUser,
    'mail_location = maildir:~/Maildir',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}\n}`,
    `userdb {\n  driver = static\n  args = uid=${owner.uid} gid=${owner.gid} home=${home}/%u\n}`,
    `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n  chroot =\n}`,
    'service anvil {\n  chroot =\n}',
  ];
  const config = join(dir, 'dovecot.conf');
  writeFileSync(config, `${lines.join('\n')}\n`);
  return config;
}

async function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function launch(config: string, port: number, log: string): Promise<ChildProcess> {
  const child = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore', detached: true });
  running.add(child);
  for (const started = Date.now(); !(await greets(port));) {
    if (Date.now() - started > 30_000 || child.exitCode !== null) {
      await kill(child);
      let output = '';
      try {
        output = readFileSync(log, 'utf8');
      } catch {
        // no log yet
      }
      throw new Error(`Dovecot did not greet on 127.0.0.1:${port}:\n${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return child;
}

function imapClient(port: number): ImapFlow {
  return new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: DOVECOT_USER, pass: DOVECOT_PASSWORD },
    logger: false,
  });
}

/** Starts a Dovecot with one empty INBOX; stop() it after the tests (afterAll). */
export async function startDovecotServer(): Promise<DovecotServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dovecot-test-'));
  // The mail's owner (nobody, when root) must reach its home inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = writeConfig(dir, port);
  const log = join(dir, 'dovecot.log');
  let child = await launch(config, port, log);
  const client = async () => {
    const imap = imapClient(port);
    await imap.connect();
    return imap;
  };
  return {
    url: `imap://${encodeURIComponent(DOVECOT_USER)}:${DOVECOT_PASSWORD}@127.0.0.1:${port}/INBOX`,
    port,
    client,
    async append(raw, mailbox = 'INBOX') {
      const imap = await client();
      try {
        const appended = await imap.append(mailbox, raw);
        return appended ? appended.uid : undefined;
      } finally {
        await imap.logout();
      }
    },
    kill: () => kill(child),
    start: async () => {
      child = await launch(config, port, log);
    },
    wipeMail: () => rmSync(join(dir, 'home', DOVECOT_USER, 'Maildir'), { recursive: true, force: true }),
    stop: async () => {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

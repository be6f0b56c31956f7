/**
 * The files docs/deploy.md ships, checked by the programs that read them on the server:
 * `systemd-analyze verify` and `security` (the units), `caddy validate` (the Caddyfile) and
 * `nginx -t` (the nginx site). Each check also runs once on a broken copy, to prove it can fail.
 * Then Caddy and nginx really run the files, in front of a stand-in for the app, to show the
 * redirects and the X-Forwarded-* headers that TRUST_PROXY=1 relies on; and the files for several
 * instances in front of two stand-ins under a stream of requests, through the guide's rolling restart.
 *
 * Needs caddy, nginx, openssl and systemd-analyze (Debian packages; .ci/run installs them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/free-port.ts';

const DEPLOY = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(DEPLOY, '..');
const read = (name: string) => readFileSync(join(DEPLOY, name), 'utf8');

const UNITS = [
  'acme-site.service',
  'acme-site-offsite.service',
  'acme-site-offsite.timer',
  'acme-site-prune.service',
  'acme-site-prune.timer',
];
/** The template of one instance among several; verified as an instance, named by its port. */
const TEMPLATE = 'acme-site@.service';
const TEMPLATE_INSTANCE = 'acme-site@3001.service';
const unitFiles = (): Record<string, string> => ({
  ...Object.fromEntries(UNITS.map((name) => [name, read(name)])),
  [TEMPLATE_INSTANCE]: read(TEMPLATE),
});

const APP_ADDRESS = '127.0.0.1:3000';
const LONG = 60_000;

// --- Helpers -------------------------------------------------------------------------------

const scratchDirs: string[] = [];
afterAll(() => {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory, removed when the file's tests are done. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  scratchDirs.push(dir);
  return dir;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program on PATH, or in /usr/sbin (nginx), which is not on an ordinary user's PATH. */
function tool(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  const found = dirs.map((dir) => join(dir, name)).find(isExecutable);
  if (!found) {
    throw new Error(
      `${name} is not installed: apt-get install caddy nginx openssl systemd (as .ci/run does)`,
    );
  }
  return found;
}

interface Run {
  status: number | null;
  output: string;
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  const result = spawnSync(tool(name), args, { encoding: 'utf8', timeout: LONG, env });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The `Key=Value` lines of a unit, by section and key (a key may repeat). */
function directives(unit: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let section = '';
  for (const raw of unit.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const equals = line.indexOf('=');
    const key = `${section}.${line.slice(0, equals)}`;
    found.set(key, [...(found.get(key) ?? []), line.slice(equals + 1)]);
  }
  return found;
}

/** The one value of a key that must appear once. */
function one(unit: Map<string, string[]>, key: string): string {
  const values = unit.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0]!;
}

/** A number written in the app's source, e.g. `delay: 10_000` in server/main.ts. */
function sourceNumber(file: string, pattern: RegExp): number {
  const match = pattern.exec(readFileSync(join(ROOT, file), 'utf8'));
  if (!match?.[1]) throw new Error(`${pattern} not found in ${file}`);
  return Number(match[1].replaceAll('_', ''));
}

/** How long the app takes at most to shut down after SIGTERM (close-with-grace's deadline). */
const shutdownDeadlineMs = () => sourceNumber('server/main.ts', /closeWithGrace\(\{\s*delay:\s*([\d_]+)/);
/** How long the app keeps an idle connection open; a proxy must let go of it sooner. */
const appKeepAliveMs = () => sourceNumber('server/plugins/server-options.ts', /keepAliveTimeout:\s*([\d_]+)/);
/**
 * The largest quote the app takes with its default ATTACHMENT_MAX_* settings: the files, the
 * fields (64 KiB) and 16 KiB of framing per part (server/leads/quote-routes.ts, quoteBodyLimit).
 */
function appQuoteBodyLimit(): number {
  const setting = (name: string) =>
    sourceNumber(
      'server/config/config-env.ts',
      new RegExp(`${name}: wholeNumber\\([^)]*\\)\\.default\\((\\d+)\\)`),
    );
  const totalBytes = setting('ATTACHMENT_MAX_TOTAL_MB') * 1024 * 1024;
  return totalBytes + 64 * 1024 + (setting('ATTACHMENT_MAX_FILES') + 1) * 16 * 1024;
}

// --- systemd -------------------------------------------------------------------------------

/**
 * Copies the units to a temporary directory with the programs they start made to exist here:
 * /usr/bin/node becomes the Node running this test (CI may keep it elsewhere), and restic, when it
 * is not installed, a stub. Everything else is verified as written.
 */
function localUnits(files: Record<string, string>): string[] {
  const dir = scratch();
  const restic = isExecutable('/usr/bin/restic') ? '/usr/bin/restic' : join(dir, 'restic-stub');
  writeFileSync(join(dir, 'restic-stub'), '#!/bin/sh\n');
  chmodSync(join(dir, 'restic-stub'), 0o755);
  return Object.entries(files).map(([name, text]) => {
    const path = join(dir, name);
    const local = text
      .replace(/^ExecStart=\/usr\/bin\/node /gm, `ExecStart=${process.execPath} `)
      .replace(/^ExecStart=\/usr\/bin\/restic /gm, `ExecStart=${restic} `);
    writeFileSync(path, local);
    return path;
  });
}

/** What `systemd-analyze verify` says about the units ('' when it has nothing to say). */
function verifyUnits(files: Record<string, string>): string {
  const result = run('systemd-analyze', ['verify', '--man=no', ...localUnits(files)]);
  // Only lines about these units: verify also loads the system's own units (targets).
  const about = result.output
    .split('\n')
    .filter((line) => line.includes('acme-site'))
    .join('\n');
  return result.status === 0 ? about : `exit ${result.status}\n${result.output}`;
}

/** `systemd-analyze security`: fails above an overall exposure of 2.0 ("OK" is below 4). */
function securityOfAppUnit(text: string, name = 'acme-site.service'): Run {
  const [path] = localUnits({ [name]: text });
  return run('systemd-analyze', ['security', '--offline=yes', '--threshold=20', path!]);
}

describe('the systemd units', () => {
  it('pass systemd-analyze verify without a warning', { timeout: LONG }, () => {
    expect(verifyUnits(unitFiles())).toBe('');
  });

  it(
    'fail it when broken: a bad value, a program that does not exist, a bad calendar',
    { timeout: LONG },
    () => {
      const units = unitFiles();
      const app = units['acme-site.service']!;
      const badRestart = {
        ...units,
        'acme-site.service': app.replace('Restart=on-failure', 'Restart=on-fail'),
      };
      expect(verifyUnits(badRestart)).toMatch(/on-fail/);
      const noNode = {
        ...units,
        'acme-site.service': app.replace('ExecStart=/usr/bin/node ', 'ExecStart=/nope/node '),
      };
      expect(verifyUnits(noNode)).toMatch(/not executable/);
      const noEnv = {
        ...units,
        [TEMPLATE_INSTANCE]: units[TEMPLATE_INSTANCE]!.replace(
          'ExecStart=/usr/bin/env ',
          'ExecStart=/nope/env ',
        ),
      };
      expect(verifyUnits(noEnv)).toMatch(/acme-site@3001\.service.*not executable/);
      const timer = units['acme-site-offsite.timer']!;
      const badCalendar = {
        ...units,
        'acme-site-offsite.timer': timer.replace(/^OnCalendar=.*$/m, 'OnCalendar=nightly'),
      };
      expect(verifyUnits(badCalendar)).toMatch(/OnCalendar|calendar/i);
    },
  );

  it(
    'hardens the service: systemd-analyze security rates its exposure 2.0 or less',
    { timeout: LONG },
    () => {
      const app = read('acme-site.service');
      const rated = securityOfAppUnit(app);
      expect(rated.status, rated.output).toBe(0);
      const unhardened = securityOfAppUnit(app.slice(0, app.indexOf('# --- Hardening')));
      expect(unhardened.status).not.toBe(0);
      const instance = securityOfAppUnit(read(TEMPLATE), TEMPLATE_INSTANCE);
      expect(instance.status, instance.output).toBe(0);
    },
  );

  it('runs the built server as its own user, writing to data/ only', () => {
    const unit = directives(read('acme-site.service'));
    const service = (key: string) => one(unit, `Service.${key}`);
    const appDir = service('WorkingDirectory');
    expect(service('User')).toBe('acme-site');
    expect(service('ExecStart')).toBe(`/usr/bin/node ${appDir}/build/node/server/main.js`);
    expect(service('EnvironmentFile')).toMatch(/^\/etc\//);
    expect(service('Restart')).toBe('on-failure');
    expect(service('ReadWritePaths')).toBe(`${appDir}/data`);
    for (const [key, value] of Object.entries({
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      NoNewPrivileges: 'yes',
      LockPersonality: 'yes',
      CapabilityBoundingSet: '',
      UMask: '0077',
    })) {
      expect(service(key), key).toBe(value);
    }
    // V8 compiles JavaScript to machine code at run time: it needs writable, executable memory.
    expect(unit.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  it('runs each instance as the single service runs the app, on the port named by the instance', () => {
    const single = directives(read('acme-site.service'));
    const template = directives(read(TEMPLATE));
    const appDir = one(single, 'Service.WorkingDirectory');
    // A PORT in the environment file would override an Environment= line: the port is set on the command line.
    expect(one(template, 'Service.ExecStart')).toBe(
      `/usr/bin/env PORT=%i ${one(single, 'Service.ExecStart')}`,
    );
    expect(one(single, 'Service.ExecStart')).toBe(`/usr/bin/node ${appDir}/build/node/server/main.js`);
    expect(template.has('Service.Environment')).toBe(false);
    expect(one(template, 'Service.SyslogIdentifier')).toBe('acme-site@%i');
    // Everything else (the user, the restarts, the stop timeout, the hardening) as in the single service.
    const rest = (unit: Map<string, string[]>) =>
      [...unit].filter(
        ([key]) => !['Unit.Description', 'Service.ExecStart', 'Service.SyslogIdentifier'].includes(key),
      );
    expect(rest(template)).toEqual(rest(single));
  });

  it('keeps starting a server that keeps failing, a few seconds apart, never leaving the site stopped', () => {
    const unit = directives(read('acme-site.service'));
    // No start limit: with one (5 starts in 10 minutes, before), a visitor's upload that crashed the
    // server five times left the site down until someone restarted it by hand.
    expect(one(unit, 'Unit.StartLimitIntervalSec')).toBe('0');
    expect(unit.has('Unit.StartLimitBurst')).toBe(false);
    expect(one(unit, 'Service.Restart')).toBe('on-failure');
    expect(one(unit, 'Service.RestartSec')).toBe('5s');
    // Debian 12's systemd 252 does not know the growing delays (RestartSteps=, RestartMaxDelaySec=: 254).
    expect(unit.has('Service.RestartSteps')).toBe(false);
  });

  it('lets the server finish its graceful shutdown before systemd kills it', () => {
    const stop = one(directives(read('acme-site.service')), 'Service.TimeoutStopSec');
    const seconds = /^(\d+)s?$/.exec(stop);
    expect(seconds, `TimeoutStopSec=${stop}: write it in seconds`).not.toBeNull();
    expect(Number(seconds![1]) * 1000).toBeGreaterThan(shutdownDeadlineMs());
  });
});

describe('restic: copies off the machine, and pruning them', () => {
  it('the web server only adds snapshots: no forget or prune, which an append-only repository refuses', () => {
    const commands = directives(read('acme-site-offsite.service')).get('Service.ExecStart') ?? [];
    expect(commands.some((command) => /^\/usr\/bin\/restic backup /.test(command))).toBe(true);
    for (const command of commands) expect(command).not.toMatch(/\b(forget|prune)\b/);
  });

  it("prunes in a unit and timer of their own, meant for a trusted machine, never as the site's user", () => {
    const prune = directives(read('acme-site-prune.service'));
    expect(one(prune, 'Service.ExecStart')).toMatch(
      /^\/usr\/bin\/restic forget --tag acme-site --prune --keep-daily \d+ --keep-weekly \d+ --keep-monthly \d+$/,
    );
    expect(one(prune, 'Service.User')).not.toBe('acme-site');
    expect(one(prune, 'Service.EnvironmentFile')).not.toBe(
      one(directives(read('acme-site-offsite.service')), 'Service.EnvironmentFile'),
    );
    const timer = directives(read('acme-site-prune.timer'));
    expect(one(timer, 'Timer.OnCalendar')).not.toBe(
      one(directives(read('acme-site-offsite.timer')), 'Timer.OnCalendar'),
    );
    expect(one(timer, 'Timer.Persistent')).toBe('true');
  });
});

describe('docs/deploy.md', () => {
  it('sets each variable of the environment file once', () => {
    const guide = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## 2. The environment file'), guide.indexOf('## 3.'));
    const names = [...section.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
    expect(names).toContain('NODE_ENV');
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

// --- The proxies: files -------------------------------------------------------------------

function caddyEnv(dir: string): NodeJS.ProcessEnv {
  // Caddy keeps certificates and its state under these; never the real home of whoever runs the test.
  return {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
  };
}

function caddyValidate(caddyfile: string): Run {
  const dir = scratch();
  writeFileSync(join(dir, 'Caddyfile'), caddyfile);
  return run(
    'caddy',
    ['validate', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    caddyEnv(dir),
  );
}

interface NginxPrefix {
  dir: string;
  conf: string;
}

/** The site as it runs in a temporary prefix: its certificate, and free ports (see nginxPrefix). */
function nginxPrefixSite(site: string, dir: string, ports: { http: number; https: number }): string {
  return site
    .replaceAll('/etc/letsencrypt/live/www.example.com/fullchain.pem', join(dir, 'cert.pem'))
    .replaceAll('/etc/letsencrypt/live/www.example.com/privkey.pem', join(dir, 'key.pem'))
    .replace(/listen (\[::\]:)?(80|443)\b/g, (_match, v6: string | undefined, port: string) => {
      return `listen ${v6 ? '127.0.0.2' : '127.0.0.1'}:${port === '80' ? ports.http : ports.https}`;
    });
}

/**
 * A complete nginx configuration in a temporary prefix: a minimal nginx.conf that includes the
 * site, with a self-signed certificate in place of Let's Encrypt's, ports that are free here in
 * place of 80 and 443 ([::] becomes 127.0.0.2, as CI may have no IPv6), and `upstream` if given.
 * Without `master`, one process and no reload.
 */
function nginxPrefix(
  site: string,
  ports: { http: number; https: number },
  upstream = APP_ADDRESS,
  { master = false } = {},
): NginxPrefix {
  const dir = scratch();
  const opensslResult = run('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=www.example.com',
    '-addext', 'subjectAltName=DNS:www.example.com,DNS:example.com',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ]); // prettier-ignore
  expect(opensslResult.status, opensslResult.output).toBe(0);
  writeFileSync(
    join(dir, 'acme-site.conf'),
    nginxPrefixSite(site.replaceAll(APP_ADDRESS, upstream), dir, ports),
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => {
    mkdirSync(join(dir, kind));
    return `    ${kind}_temp_path ${join(dir, kind)};`;
  });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      // A master process (`nginx -s reload`) starts workers as the user of the machine's nginx,
      // who could not read this root-only prefix: here they run as whoever runs the test.
      ...(master ? ['master_process on;', `user ${userInfo().username};`] : ['master_process off;']),
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      ...temp,
      `    access_log ${join(dir, 'access.log')};`,
      `    include ${join(dir, 'acme-site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return { dir, conf };
}

/** `nginx -t`; a warning counts as a failure, except the deprecation of `listen … http2` (nginx 1.25.1+). */
function nginxTest(site: string, ports: { http: number; https: number }): Run {
  const { dir, conf } = nginxPrefix(site, ports);
  const result = run('nginx', ['-t', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')]);
  const complaints = result.output
    .split('\n')
    .filter((line) => /\[(warn|emerg|alert|crit|error)\]/.test(line))
    .filter((line) => !/"listen \.\.\. http2" directive is deprecated/.test(line));
  return { status: result.status === 0 && complaints.length > 0 ? 1 : result.status, output: result.output };
}

describe('the Caddyfile', () => {
  it('passes caddy validate, and fails it when broken', { timeout: LONG }, () => {
    const caddyfile = read('Caddyfile');
    const valid = caddyValidate(caddyfile);
    expect(valid.status, valid.output).toBe(0);
    const broken = caddyValidate(caddyfile.replace('reverse_proxy ', 'reverse_proxi '));
    expect(broken.status).not.toBe(0);
    expect(broken.output).toMatch(/reverse_proxi/);
  });

  it('is formatted as caddy fmt writes it', { timeout: LONG }, () => {
    const formatted = run('caddy', ['fmt', join(DEPLOY, 'Caddyfile')]);
    expect(formatted.status, formatted.output).toBe(0);
    expect(formatted.output).toBe(read('Caddyfile'));
  });

  it('forwards to the app, lets 64 KiB forms and whole quotes through, and drops idle connections before the app does', () => {
    const caddyfile = read('Caddyfile');
    expect(caddyfile).toContain(`reverse_proxy ${APP_ADDRESS} {`);
    const maxSize = /max_size (\d+)KB/.exec(caddyfile);
    expect(Number(maxSize![1]) * 1000).toBeGreaterThan(64 * 1024);
    const quoteMaxSize = /max_size (\d+)MB/.exec(caddyfile);
    expect(Number(quoteMaxSize![1]) * 1000 * 1000).toBeGreaterThan(appQuoteBodyLimit());
    const keepalive = /keepalive (\d+)s/.exec(caddyfile);
    expect(Number(keepalive![1]) * 1000).toBeLessThan(appKeepAliveMs());
  });
});

describe('the nginx site', () => {
  it('passes nginx -t, and fails it when broken', { timeout: LONG }, async () => {
    const site = read('nginx-acme-site.conf');
    const ports = { http: await freePort(), https: await freePort() };
    const valid = nginxTest(site, ports);
    expect(valid.status, valid.output).toBe(0);
    expect(
      nginxTest(site.replace('proxy_http_version 1.1;', 'proxy_http_version 1.1'), ports).status,
    ).not.toBe(0);
    // Two servers claiming the same name is only a warning to nginx, and a mistake.
    const twice = site.replace('server_name example.com;', 'server_name www.example.com;');
    expect(nginxTest(twice, ports).status).not.toBe(0);
  });

  it('lets 64 KiB forms and whole quotes through and drops idle connections before the app does', () => {
    const site = read('nginx-acme-site.conf');
    expect(site).toContain(`server ${APP_ADDRESS};`);
    const maxSize = /client_max_body_size (\d+)k;/.exec(site);
    expect(Number(maxSize![1]) * 1024).toBeGreaterThan(64 * 1024);
    const quoteMaxSize = /client_max_body_size (\d+)m;/.exec(site);
    expect(Number(quoteMaxSize![1]) * 1024 * 1024).toBeGreaterThan(appQuoteBodyLimit());
    const keepalive = /keepalive_timeout (\d+)s;/.exec(site);
    expect(Number(keepalive![1]) * 1000).toBeLessThan(appKeepAliveMs());
  });
});

// --- The proxies: running ------------------------------------------------------------------

/** The paths that take the quote form's files (server/leads/quote-routes.ts). */
const QUOTE_ENDPOINTS = ['/api/quote', '/sendMail.php'];
const BOUNDARY = 'deploy-test-boundary';

/** A multipart quote request with one file of `fileBytes`, as the form sends it. */
function quoteWithFiles(fileBytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="brief.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.alloc(fileBytes, 'a'),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Seen {
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

/** A stand-in for the app: answers 200 and remembers what reached it. */
async function startUpstream(): Promise<{ server: Server; address: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let bodyBytes = 0;
    request.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on('end', () => {
      seen.push({ headers: request.headers, bodyBytes });
      response.end('from the app');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, address: `127.0.0.1:${port}`, seen };
}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

interface Ask {
  port: number;
  host: string;
  path?: string;
  tls: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

function ask({ port, host, path = '/', tls, method = 'GET', headers = {}, body }: Ask): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port,
      path,
      method,
      agent: false as const,
      headers: { host, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    };
    const onResponse = (response: IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text }),
      );
    };
    const request = tls
      ? httpsRequest({ ...options, servername: host, rejectUnauthorized: false }, onResponse)
      : httpRequest(options, onResponse);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer from ${host} on ${port}`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The status a proxy answers a POST that announces `bytes` of body, before any is sent. */
function statusOfAnnounced(port: number, path: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: false,
      servername: 'www.example.com',
      rejectUnauthorized: false,
      headers: { host: 'www.example.com', 'content-length': String(bytes) },
    });
    request.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer on ${port}`)));
    request.flushHeaders();
  });
}

/** Retries until the proxy answers over HTTPS (Caddy issues its certificates as it starts). */
async function waitForHttps(port: number, proxy: ChildProcess, output: () => string): Promise<void> {
  let lastError: unknown;
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (proxy.exitCode !== null) break;
    try {
      await ask({ port, host: 'www.example.com', path: '/ready', tls: true });
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the proxy did not start: ${String(lastError)}\n${output().slice(-3000)}`);
}

function startProxy(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(tool(command), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The same behaviour from either proxy, run with its file as shipped (but for ports, the
 * certificate and the app's address): HTTP and the bare domain redirect to https://www., and the
 * app gets the client's address (never one the client made up), the scheme and the host.
 */
function behavesAsAProxy(
  name: string,
  start: (upstream: string) => Promise<{ ports: { http: number; https: number }; child: ChildProcess }>,
) {
  describe(`${name}, running`, { timeout: LONG }, () => {
    let upstream: Awaited<ReturnType<typeof startUpstream>>;
    let proxy: Awaited<ReturnType<typeof start>> | undefined;

    beforeAll(async () => {
      upstream = await startUpstream();
      proxy = await start(upstream.address);
    }, LONG);

    afterAll(async () => {
      await stop(proxy?.child);
      await new Promise((resolve) => upstream?.server.close(resolve));
    });

    it('redirects plain HTTP and the bare domain to https://www., keeping the path and query', async () => {
      const { http, https } = proxy!.ports;
      for (const answer of [
        await ask({ port: http, host: 'www.example.com', path: '/about?x=1', tls: false }),
        await ask({ port: http, host: 'example.com', path: '/about?x=1', tls: false }),
        await ask({ port: https, host: 'example.com', path: '/about?x=1', tls: true }),
      ]) {
        expect(answer.status).toBe(301);
        expect(answer.location).toBe('https://www.example.com/about?x=1');
      }
    });

    it('passes the client address, scheme and host, and ignores an X-Forwarded-For the client sent', async () => {
      upstream.seen.length = 0;
      const answer = await ask({
        port: proxy!.ports.https,
        host: 'www.example.com',
        path: '/contact',
        tls: true,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(answer).toMatchObject({ status: 200, body: 'from the app' });
      const { headers } = upstream.seen.at(-1)!;
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-forwarded-host']).toBe('www.example.com');
      expect(headers.host).toBe('www.example.com');
    });

    it('lets a form body over 64 KiB reach the app, which answers 413 itself', async () => {
      upstream.seen.length = 0;
      const body = Buffer.alloc(100 * 1024, 'a');
      const answer = await ask({
        port: proxy!.ports.https,
        host: 'www.example.com',
        path: '/api/quote',
        tls: true,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(answer.status).toBe(200);
      expect(upstream.seen.at(-1)!.bodyBytes).toBe(body.length);
    });

    it.each(QUOTE_ENDPOINTS)('passes a quote with 10 MB of files to %s whole', async (path) => {
      upstream.seen.length = 0;
      const body = quoteWithFiles(10 * 1024 * 1024);
      const answer = await ask({
        port: proxy!.ports.https,
        host: 'www.example.com',
        path,
        tls: true,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      });
      expect(answer).toMatchObject({ status: 200, body: 'from the app' });
      expect(upstream.seen.at(-1)!.bodyBytes).toBe(body.length);
    });

    it('refuses a large body anywhere else with 413, before it reaches the app', async () => {
      upstream.seen.length = 0;
      const answer = await ask({
        port: proxy!.ports.https,
        host: 'www.example.com',
        path: '/api/newsletter',
        tls: true,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: quoteWithFiles(1024 * 1024),
      });
      expect(answer.status).toBe(413);
      expect(upstream.seen).toEqual([]);
    });
  });
}

behavesAsAProxy('Caddy', async (upstream) => {
  const dir = scratch();
  const ports = { http: await freePort(), https: await freePort() };
  // Caddy's own local CA instead of Let's Encrypt (no network), free ports, no admin endpoint.
  const local = read('Caddyfile')
    .replace(
      /^\{\n/m,
      `{\n\tlocal_certs\n\tskip_install_trust\n\tadmin off\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n`,
    )
    .replaceAll(APP_ADDRESS, upstream);
  writeFileSync(join(dir, 'Caddyfile'), local);
  const { child, output } = startProxy(
    'caddy',
    ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    caddyEnv(dir),
  );
  await waitForHttps(ports.https, child, output);
  return { ports, child };
});

behavesAsAProxy('nginx', async (upstream) => {
  const ports = { http: await freePort(), https: await freePort() };
  const { dir, conf } = nginxPrefix(read('nginx-acme-site.conf'), ports, upstream);
  const { child, output } = startProxy('nginx', ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')]);
  const errorLog = join(dir, 'error.log');
  await waitForHttps(
    ports.https,
    child,
    () => output() + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
  );
  return { ports, child };
});

// --- Several instances ---------------------------------------------------------------------

const INSTANCES = ['127.0.0.1:3001', '127.0.0.1:3002'] as const;
const SEVERAL_CADDYFILE = 'Caddyfile-several-instances';
const SEVERAL_NGINX = 'nginx-acme-site-several-instances.conf';

/** The two `sed` edits of the guide's nginx restart: mark instance $1 down, and up again. */
function nginxRestartEdits(): [string, string] {
  const guide = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
  const edits = [...guide.matchAll(/sudo sed -i "(s\/[^"]+)" "\$site"/g)].map((match) => match[1]!);
  expect(edits).toHaveLength(2);
  return [edits[0]!, edits[1]!];
}

describe('the files for several instances', () => {
  it('pass caddy validate and caddy fmt, and fail caddy validate when broken', { timeout: LONG }, () => {
    const caddyfile = read(SEVERAL_CADDYFILE);
    const valid = caddyValidate(caddyfile);
    expect(valid.status, valid.output).toBe(0);
    const broken = caddyValidate(caddyfile.replace('health_interval 2s', 'health_interval often'));
    expect(broken.status).not.toBe(0);
    expect(broken.output).toMatch(/often/);
    const formatted = run('caddy', ['fmt', join(DEPLOY, SEVERAL_CADDYFILE)]);
    expect(formatted.output).toBe(caddyfile);
  });

  it('pass nginx -t, and fail it when broken', { timeout: LONG }, async () => {
    const site = read(SEVERAL_NGINX);
    const ports = { http: await freePort(), https: await freePort() };
    const valid = nginxTest(site, ports);
    expect(valid.status, valid.output).toBe(0);
    expect(nginxTest(site.replace('max_fails=1 fail_timeout=5s', 'max_fails=one'), ports).status).not.toBe(0);
  });

  it('proxy to both instances, with what the single-instance files have', () => {
    const caddyfile = read(SEVERAL_CADDYFILE);
    expect(caddyfile).toContain(`reverse_proxy {$ACME_SITE_INSTANCES:${INSTANCES.join(' ')}} {`);
    // Caddy 2.6 sends a retried body empty: requests with a body have no retries.
    expect(caddyfile).toMatch(
      /^\treverse_proxy @withBody \{\$ACME_SITE_INSTANCES:[^}]+\} \{\n\t\timport instances\n\t\}$/m,
    );
    expect(caddyfile).toMatch(/^\t@withBody not method GET HEAD$/m);
    const guide = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
    expect(guide).toContain(
      'sudo ACME_SITE_INSTANCES="127.0.0.1:$2" caddy reload --config /etc/caddy/Caddyfile',
    );
    const nginx = read(SEVERAL_NGINX);
    for (const instance of INSTANCES) expect(nginx).toContain(`server ${instance} `);
    // What the single-instance files say about bodies and keep-alive holds here too.
    for (const pattern of [/max_size (\d+)KB/, /max_size (\d+)MB/, /keepalive (\d+)s/]) {
      expect(pattern.exec(caddyfile)?.[0]).toBe(pattern.exec(read('Caddyfile'))?.[0]);
    }
    for (const pattern of [
      /client_max_body_size (\d+)k;/,
      /client_max_body_size (\d+)m;/,
      /keepalive_timeout (\d+)s;/,
      /access_log off;/,
    ]) {
      expect(pattern.exec(nginx)?.[0]).toBe(pattern.exec(read('nginx-acme-site.conf'))?.[0]);
    }
  });

  it('never has nginx send a POST twice: a lead stored before a timeout would become two', () => {
    const retries = /proxy_next_upstream ([^;]+);/.exec(read(SEVERAL_NGINX))?.[1]?.split(' ');
    expect(retries).toEqual(expect.arrayContaining(['error', 'http_503']));
    expect(retries).not.toContain('non_idempotent');
  });
});

/** How long the app goes on answering 503 on SIGTERM before it closes its port (server/plugins/lifecycle.ts). */
const appDrainMs = () => sourceNumber('server/plugins/lifecycle.ts', /SHUTDOWN_DRAIN_MS = ([\d_]+)/);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for one instance of the app, on a port of its own. It stops as the app does on
 * SIGTERM (server/plugins/lifecycle.ts): 503 with Retry-After to every request (/readyz too) for a
 * quarter second, then no new connection, while what is in flight finishes. It remembers the POSTs
 * it took, by the id in their body; a POST whose body starts with "crash " is taken, then its
 * connection is cut before the answer.
 */
class Instance {
  readonly posts: string[] = [];
  answered = 0;
  private closing = false;
  private server: Server | undefined;

  /** 0 until the first start, which takes a port no one holds; restarts listen on the same one. */
  port = 0;

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.closing = false;
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        if (this.closing) {
          response.writeHead(503, { 'retry-after': '5', connection: 'close' });
          response.end('The server is restarting. Please try again in a moment.\n');
          return;
        }
        if (request.url === '/readyz') {
          response.end('{"status":"ready"}');
          return;
        }
        this.answered += 1;
        if (request.method === 'POST') this.posts.push(body);
        // An instance that dies after storing the lead, before its answer.
        if (body.startsWith('crash ')) return request.socket.destroy();
        response.end(`answered by ${this.port}`);
      });
    });
    server.keepAliveTimeout = appKeepAliveMs();
    // Port 0 the first time: the system's free port, where a port picked beforehand could be taken by
    // another test file meanwhile. A failed listen fails the start instead of hanging it.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    this.closing = true;
    await sleep(appDrainMs());
    // Refuses new connections and closes the idle ones, as Fastify's close does.
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

interface Load {
  gets: number;
  /** The ids of the POSTs that got 200. */
  storedPosts: string[];
  failures: string[];
}

/** What the proxies answer a form when no instance could take it. */
const UNAVAILABLE_FORM = 'POST 503 The site is restarting. Please try again in a moment.';

/** Numbers the POSTs, unique across the file's tests. */
let postsSent = 0;

/** Sends GETs (two at a time) and POSTs (one at a time) through the proxy until `during` is done. */
async function underLoad(port: number, during: () => Promise<void>): Promise<Load> {
  const load: Load = { gets: 0, storedPosts: [], failures: [] };
  let running = true;
  const loop = async (method: 'GET' | 'POST') => {
    while (running) {
      const id = `lead-${(postsSent += 1)}`;
      try {
        const answer = await ask({
          port,
          host: 'www.example.com',
          path: method === 'GET' ? '/services' : '/api/quote',
          tls: true,
          method,
          ...(method === 'POST' ? { body: Buffer.from(id) } : {}),
        });
        if (answer.status !== 200) load.failures.push(`${method} ${answer.status} ${answer.body.trim()}`);
        else if (method === 'GET') load.gets += 1;
        else load.storedPosts.push(id);
      } catch (error) {
        load.failures.push(`${method} ${String(error)}`);
      }
    }
  };
  const loops = [loop('GET'), loop('GET'), loop('POST')];
  try {
    await during();
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return load;
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await done()) return;
    await sleep(100);
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}

/** GET /readyz from the instance itself, as the restart procedure in docs/deploy.md does. */
async function ready(instance: Instance): Promise<boolean> {
  try {
    const answer = await ask({ port: instance.port, host: instance.address, path: '/readyz', tls: false });
    return answer.status === 200;
  } catch {
    return false;
  }
}

interface Balancer {
  port: number;
  child: ChildProcess;
  /** Sends new requests only to these instances (the restart procedure's first step), or to all. */
  only: (addresses: readonly string[]) => void;
}

/** A rolling restart with each instance taken out of the proxy first, or without. */
type Restart = 'drained' | 'plain';

/**
 * The same behaviour from Caddy and nginx in front of two instances: requests spread over both; one
 * stopped instance fails no request (but, without `formsRetried`, the one form that met it before
 * the proxy knew); a rolling restart with each instance taken out of the proxy first fails none;
 * one without (nginx) fails no GET and refuses a POST only with the app's own 503; no POST is ever
 * sent twice; a body over the limit gets 413; no instance left, 503 with Retry-After.
 */
function balancesInstances(
  name: string,
  start: (instances: readonly Instance[]) => Promise<Balancer>,
  { restarts, formsRetried }: { restarts: readonly Restart[]; formsRetried: boolean },
) {
  describe(`${name} in front of two instances, running`, { timeout: 4 * LONG }, () => {
    let instances: Instance[];
    let balancer: Balancer | undefined;

    beforeAll(async () => {
      instances = [new Instance(), new Instance()];
      for (const instance of instances) await instance.start();
      balancer = await start(instances);
    }, LONG);

    afterAll(async () => {
      await stop(balancer?.child);
      for (const instance of instances ?? []) await instance.stop();
    });

    const get = () => ask({ port: balancer!.port, host: 'www.example.com', path: '/', tls: true });
    const answeredBy = () => instances.map((instance) => instance.answered);
    const sendsTo = (instance: Instance) => {
      const before = instance.answered;
      return waitFor(`${name} to send requests to the restarted instance`, async () => {
        await get();
        return instance.answered > before;
      });
    };

    it('spreads requests over both instances', async () => {
      const before = answeredBy();
      for (let i = 0; i < 20; i += 1) expect((await get()).status).toBe(200);
      const after = answeredBy();
      // Caddy picks at random between instances equally busy, nginx takes turns.
      expect(after[0]!).toBeGreaterThan(before[0]!);
      expect(after[1]!).toBeGreaterThan(before[1]!);
    });

    it('passes a quote with 10 MB of files to an instance whole', async () => {
      const body = quoteWithFiles(10 * 1024 * 1024);
      const answer = await ask({
        port: balancer!.port,
        host: 'www.example.com',
        path: '/api/quote',
        tls: true,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      });
      expect(answer.status).toBe(200);
      const lengths = instances.flatMap((instance) => instance.posts.map((post) => post.length));
      expect(lengths).toContain(body.length);
    });

    it('answers every request, forms too, while one instance is stopped', async () => {
      const [first, second] = instances as [Instance, Instance];
      await first.stop();
      try {
        const load = await underLoad(balancer!.port, () => sleep(1_500));
        // Caddy sends no form twice: one that met the stopped instance before Caddy knew gets a 503.
        if (formsRetried) expect(load.failures).toEqual([]);
        else expect(load.failures).toEqual(load.failures.length ? [UNAVAILABLE_FORM] : []);
        expect(load.storedPosts.length).toBeGreaterThan(0);
        expect(second.posts).toEqual(expect.arrayContaining(load.storedPosts));
      } finally {
        await first.start();
      }
      // Back in the rotation once its passive check's pause is over (or sooner, after an active check).
      await sendsTo(first);
    });

    for (const restart of restarts) {
      it(
        restart === 'drained'
          ? 'restarts the instances one after the other, each taken out of the proxy first, without a failed request'
          : 'restarts the instances one after the other, the proxy not told, without a failed GET',
        async () => {
          const all = instances.map((instance) => instance.address);
          const load = await underLoad(balancer!.port, async () => {
            for (const instance of instances) {
              if (restart === 'drained')
                balancer!.only(all.filter((address) => address !== instance.address));
              await sleep(500);
              await instance.stop();
              await sleep(500); // the new version starting
              await instance.start();
              await waitFor('/readyz to answer 200', () => ready(instance));
              if (restart === 'drained') balancer!.only(all);
              await sendsTo(instance);
            }
          });
          expect(load.gets).toBeGreaterThan(20);
          if (restart === 'drained') expect(load.failures).toEqual([]);
          // A POST that reached an instance as it stopped gets the app's own 503, and is not sent again.
          else
            for (const failure of load.failures)
              expect(failure).toMatch(/^POST 503 The server is restarting/);
          const posts = instances.flatMap((instance) => instance.posts);
          expect(posts.filter((id, index) => posts.indexOf(id) !== index)).toEqual([]);
          expect(posts).toEqual(expect.arrayContaining(load.storedPosts));
        },
      );
    }

    it('never sends a POST again once it reached an instance that then died without answering', async () => {
      for (let i = 0; i < 2; i += 1) {
        const id = `crash lead-${(postsSent += 1)}`;
        const answer = await ask({
          port: balancer!.port,
          host: 'www.example.com',
          path: '/api/quote',
          tls: true,
          method: 'POST',
          body: Buffer.from(id),
        });
        expect(answer.status).toBe(503);
        expect(instances.flatMap((instance) => instance.posts).filter((post) => post === id)).toHaveLength(1);
      }
    });

    it('refuses a form over its body limit with 413, not as an instance that cannot answer', async () => {
      const answer = await ask({
        port: balancer!.port,
        host: 'www.example.com',
        path: '/contact',
        tls: true,
        method: 'POST',
        body: Buffer.alloc(200 * 1024, 'a'),
      });
      expect(answer.status).toBe(413);
      // A quote over its own limit: refused on its Content-Length, before the body is sent.
      expect(await statusOfAnnounced(balancer!.port, '/api/quote', 28 * 1024 * 1024)).toBe(413);
    });

    it('answers 503 with Retry-After when no instance can', async () => {
      for (const instance of instances) await instance.stop();
      try {
        const answer = await new Promise<{ status: number; retryAfter: string | undefined; body: string }>(
          (resolve, reject) => {
            const request = httpsRequest(
              {
                host: '127.0.0.1',
                port: balancer!.port,
                path: '/contact',
                servername: 'www.example.com',
                headers: { host: 'www.example.com' },
                rejectUnauthorized: false,
                agent: false,
              },
              (response) => {
                let body = '';
                response.setEncoding('utf8');
                response.on('data', (chunk: string) => (body += chunk));
                response.on('end', () =>
                  resolve({
                    status: response.statusCode ?? 0,
                    retryAfter: response.headers['retry-after'],
                    body,
                  }),
                );
              },
            );
            request.on('error', reject);
            request.end();
          },
        );
        expect(answer).toMatchObject({ status: 503, retryAfter: '10' });
        expect(answer.body).toMatch(/Please try again in a moment/);
      } finally {
        for (const instance of instances) await instance.start();
      }
    });
  });
}

balancesInstances(
  'Caddy',
  async (instances) => {
    const dir = scratch();
    const [http, https, admin] = [await freePort(), await freePort(), await freePort()];
    const local = read(SEVERAL_CADDYFILE)
      .replace(
        /^\{\n/m,
        `{\n\tlocal_certs\n\tskip_install_trust\n\tadmin 127.0.0.1:${admin}\n\thttp_port ${http}\n\thttps_port ${https}\n`,
      )
      .replaceAll(INSTANCES.join(' '), instances.map((instance) => instance.address).join(' '));
    const config = join(dir, 'Caddyfile');
    writeFileSync(config, local);
    const { child, output } = startProxy(
      'caddy',
      ['run', '--config', config, '--adapter', 'caddyfile'],
      caddyEnv(dir),
    );
    await waitForHttps(https, child, output);
    // As docs/deploy.md does it: caddy reload, with ACME_SITE_INSTANCES naming the instances that stay.
    const only = (addresses: readonly string[]) => {
      const reload = run(
        'caddy',
        ['reload', '--config', config, '--adapter', 'caddyfile', '--address', `127.0.0.1:${admin}`],
        { ...caddyEnv(dir), ACME_SITE_INSTANCES: addresses.join(' ') },
      );
      expect(reload.status, reload.output).toBe(0);
    };
    return { port: https, child, only };
  },
  // Caddy passes on the 503 of an instance that is stopping: it must be taken out first.
  { restarts: ['drained'], formsRetried: false },
);

balancesInstances(
  'nginx',
  async (instances) => {
    const ports = { http: await freePort(), https: await freePort() };
    let site = read(SEVERAL_NGINX);
    INSTANCES.forEach((address, index) => {
      site = site.replace(`server ${address} `, `server ${instances[index]!.address} `);
    });
    const { dir, conf } = nginxPrefix(site, ports, APP_ADDRESS, { master: true });
    const { child, output } = startProxy('nginx', ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')]);
    const errorLog = join(dir, 'error.log');
    await waitForHttps(
      ports.https,
      child,
      () => output() + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
    );
    // The guide's own commands: its sed marks an instance `down` (and back), then nginx reloads.
    const [markDown, markUp] = nginxRestartEdits();
    const down = new Set<Instance>();
    const only = (addresses: readonly string[]) => {
      for (const instance of instances) {
        const out = !addresses.includes(instance.address);
        if (out === down.has(instance)) continue;
        const edit = (out ? markDown : markUp).replaceAll('$1', String(instance.port));
        const sed = run('sed', ['-i', edit, join(dir, 'acme-site.conf')]);
        expect(sed.status, sed.output).toBe(0);
        if (out) down.add(instance);
        else down.delete(instance);
      }
      const reload = run('nginx', ['-s', 'reload', '-p', dir, '-c', conf, '-e', errorLog]);
      expect(reload.status, reload.output).toBe(0);
    };
    return { port: ports.https, child, only };
  },
  { restarts: ['drained', 'plain'], formsRetried: true },
);

// --- Rehearsing several instances on one machine: the plain-HTTP files ------------------------

const LOCAL_CADDYFILE = 'Caddyfile-several-instances-local';
const LOCAL_NGINX = 'nginx-acme-site-several-instances-local.conf';

/** A Caddyfile's top-level blocks (snippets and sites), by their address, each with its body. */
function caddyBlocks(caddyfile: string): Map<string, string> {
  return new Map([...caddyfile.matchAll(/^(\S[^\n]*) \{\n([\s\S]*?)^\}$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** An nginx file's block that starts with `opening` (e.g. "location / {"), to its closing brace. */
function nginxBlock(site: string, opening: string): string {
  const start = site.indexOf(opening);
  expect(start, opening).toBeGreaterThanOrEqual(0);
  const indent = /[ ]*$/.exec(site.slice(0, start))?.[0] ?? '';
  return site.slice(start, site.indexOf(`\n${indent}}`, start) + indent.length + 2);
}

describe('the plain-HTTP files for rehearsing several instances on one machine', () => {
  it('pass caddy validate, caddy fmt and nginx -t', { timeout: LONG }, async () => {
    const caddyfile = read(LOCAL_CADDYFILE);
    const valid = caddyValidate(caddyfile);
    expect(valid.status, valid.output).toBe(0);
    expect(run('caddy', ['fmt', join(DEPLOY, LOCAL_CADDYFILE)]).output).toBe(caddyfile);
    const ports = { http: await freePort(), https: await freePort() };
    const nginx = nginxTest(read(LOCAL_NGINX), ports);
    expect(nginx.status, nginx.output).toBe(0);
  });

  it('proxy exactly as the HTTPS files do, on http://localhost:8080 without a certificate', () => {
    const local = caddyBlocks(read(LOCAL_CADDYFILE));
    const shipped = caddyBlocks(read(SEVERAL_CADDYFILE));
    expect(local.get('(instances)')).toBe(shipped.get('(instances)'));
    expect(local.get('http://localhost:8080')).toBe(shipped.get('www.example.com'));
    expect(local.get('')).toBeUndefined();
    expect(read(LOCAL_CADDYFILE)).toMatch(/^\{\n\tauto_https off\n\}$/m);
    const localNginx = read(LOCAL_NGINX);
    const shippedNginx = read(SEVERAL_NGINX);
    for (const opening of ['upstream acme_site {', 'location @unavailable {']) {
      expect(nginxBlock(localNginx, opening)).toBe(nginxBlock(shippedNginx, opening));
    }
    // The proxying: the settings every location shares, the locations, the body limits.
    const proxying = (site: string) =>
      site.slice(site.indexOf('    # The app refuses form bodies'), site.indexOf('    error_page '));
    expect(proxying(localNginx)).toContain('location ~ ^/(api/quote|sendMail\\.php)$ {');
    expect(proxying(localNginx)).toBe(proxying(shippedNginx));
    expect(localNginx).toContain('error_page 502 504 =503 @unavailable;');
    expect(localNginx).toContain('listen 127.0.0.1:8080;');
    expect(localNginx).not.toMatch(/ssl|443/);
  });

  describe('running in front of two stand-ins', { timeout: LONG }, () => {
    const upstreams: Awaited<ReturnType<typeof startUpstream>>[] = [];
    const proxies: ChildProcess[] = [];
    const ports: Record<string, number> = {};

    beforeAll(async () => {
      upstreams.push(await startUpstream(), await startUpstream());
      const toStandIns = (text: string) =>
        INSTANCES.reduce((out, address, index) => out.replaceAll(address, upstreams[index]!.address), text);
      ports.caddy = await freePort();
      const dir = scratch();
      const caddyfile = toStandIns(read(LOCAL_CADDYFILE))
        .replace('\tauto_https off\n', `\tauto_https off\n\tadmin 127.0.0.1:${await freePort()}\n`)
        .replace('http://localhost:8080 {', `http://localhost:${ports.caddy} {`);
      writeFileSync(join(dir, 'Caddyfile'), caddyfile);
      const caddy = startProxy(
        'caddy',
        ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
        caddyEnv(dir),
      );
      ports.nginx = await freePort();
      const site = toStandIns(read(LOCAL_NGINX)).replace('127.0.0.1:8080', `127.0.0.1:${ports.nginx}`);
      const prefix = nginxPrefix(site, { http: await freePort(), https: await freePort() });
      const nginx = startProxy('nginx', [
        '-p',
        prefix.dir,
        '-c',
        prefix.conf,
        '-e',
        join(prefix.dir, 'error.log'),
      ]);
      proxies.push(caddy.child, nginx.child);
    }, LONG);

    afterAll(async () => {
      for (const child of proxies) await stop(child);
      for (const upstream of upstreams) await new Promise((resolve) => upstream.server.close(resolve));
    });

    it.each(['caddy', 'nginx'])(
      '%s answers http://localhost from both instances, scheme http',
      async (name) => {
        const port = ports[name]!;
        await waitFor(`${name} to listen`, async () => {
          try {
            return (await ask({ port, host: 'localhost', tls: false })).status === 200;
          } catch {
            return false;
          }
        });
        const before = upstreams.map((upstream) => upstream.seen.length);
        // Caddy's least_conn breaks ties at random: 40 requests one after another miss an instance
        // with odds of 2 in 2^40 (6 missed one in about 3% of runs).
        for (let i = 0; i < 40; i++) {
          const answer = await ask({ port, host: `localhost:${port}`, path: '/about', tls: false });
          expect(answer).toMatchObject({ status: 200, body: 'from the app' });
        }
        const reached = upstreams.map((upstream, index) => upstream.seen.slice(before[index]));
        expect(reached.every((seen) => seen.length > 0)).toBe(true);
        expect(reached.flat()[0]?.headers).toMatchObject({
          'x-forwarded-proto': 'http',
          'x-forwarded-for': '127.0.0.1',
        });
      },
    );
  });
});

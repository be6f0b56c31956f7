/**
 * The Containerfile, built and started here, where containers cannot run (no cgroups for them):
 * a stand-in for the official Node image (node-base-image.sh: Debian bookworm by mmdebstrap plus this
 * machine's Node), the project's image built on it in Docker's format, its configuration read, then
 * its file system mounted (podman create + podman mount) and its own command started with chroot, as
 * its user, with its environment, its volume a directory of this machine. Decision 063.
 *
 * Run by `npm run test:container` (part of `npm test`), alone: it builds for minutes and must not
 * share the unit tests' workers. Needs root (or sudo without a password), podman and mmdebstrap
 * (.ci/run installs them); without them it is skipped, and one line says what is missing.
 * CONTAINER_TEST_NODE_BASE may name a Node base already built by node-base-image.sh: CI builds it
 * beside its npm install (decision 072); the test then uses it, and leaves it to whoever built it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { freePort } from '../../server/test/free-port.ts';
import {
  asRoot,
  imageConfig,
  lentToBuild,
  missingTools,
  openFilesLimit,
  root,
  run,
  userIds,
  type ImageConfig,
} from './podman.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MINUTES = 60_000;
/** The image's own layers, over its Node base, at most (the guide states the figure measured). */
const MAX_OWN_MB = 200;

const missing = missingTools();
if (missing) console.warn(`Container image tests skipped: ${missing}.`);

const tag = `${process.pid}-${Date.now()}`;
const LENT_BASE = process.env.CONTAINER_TEST_NODE_BASE || undefined;
const BASE = LENT_BASE ?? `localhost/acme-site-test-node-base:${tag}`;
const IMAGE = `localhost/acme-site-test:${tag}`;

interface Started {
  container: string;
  rootfs: string;
  /** The image's user, as numbers from its own /etc/passwd and /etc/group. */
  user: [number, number];
  volume: string;
  mounts: string[];
}

let config: ImageConfig;
let started: Started | undefined;
let server: ChildProcess | undefined;
let output = '';
const timings: string[] = [];

async function timed<T>(what: string, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  timings.push(`${what} ${((performance.now() - start) / 1000).toFixed(0)} s`);
  return result;
}

function buildBase() {
  if (LENT_BASE) {
    if (spawnSync(...root('podman', 'image', 'exists', LENT_BASE)).status !== 0) {
      throw new Error(`CONTAINER_TEST_NODE_BASE names ${LENT_BASE}, an image podman does not have`);
    }
  } else run(root('sh', join(ROOT, 'deploy/container/node-base-image.sh'), BASE));
}

/** The images without a name (the build's stages) that were there before the build. */
let unnamedBefore: Set<string> | undefined;
const unnamedImages = () =>
  new Set(
    run(root('podman', 'images', '--quiet', '--no-trunc', '--filter', 'dangling=true'))
      .split('\n')
      .filter(Boolean),
  );

function buildImage() {
  unnamedBefore = unnamedImages();
  const lent = mkdtempSync(join(tmpdir(), 'acme-site-build-'));
  run(
    root(
      'podman',
      'build',
      '--isolation=chroot',
      '--format=docker',
      // No image committed after each step, only at the end of each stage: nothing here builds it again
      // from a cache, and committing the build stage's node_modules, every dependency, cost seconds.
      '--layers=false',
      ...openFilesLimit(),
      `--build-arg=NODE_IMAGE=${BASE}`,
      ...lentToBuild(ROOT, lent).map((mount) => `--volume=${mount}`),
      `--tag=${IMAGE}`,
      ROOT,
    ),
  );
  rmSync(lent, { recursive: true, force: true });
}

/** The image's file system, mounted, with /proc, /dev and a directory of this machine at its volume. */
function mountImage(): Started {
  const container = run(root('podman', 'create', IMAGE)).trim();
  const rootfs = run(root('podman', 'mount', container)).trim();
  const user = userIds(rootfs, config.userName);
  const [uid, gid] = user;
  const volume = mkdtempSync(join(tmpdir(), 'acme-site-volume-'));
  run(root('chown', `${uid}:${gid}`, volume));
  run(root('chmod', '0700', volume));
  const mounts: string[] = [];
  const mount = (...args: string[]) => {
    run(root('mount', ...args));
    mounts.unshift(args.at(-1) ?? '');
  };
  mount('-t', 'proc', 'proc', join(rootfs, 'proc'));
  mount('--bind', '/dev', join(rootfs, 'dev'));
  mount('--bind', volume, join(rootfs, config.volume));
  return { container, rootfs, user, volume, mounts };
}

function unmountImage({ container, volume, mounts }: Started) {
  for (const target of mounts) spawnSync(...root('umount', target));
  spawnSync(...root('podman', 'umount', container));
  spawnSync(...root('podman', 'rm', '--volumes', container));
  spawnSync(...root('rm', '-rf', volume));
}

/** A command run inside the image as its user, in its working directory, with this environment. */
function inImage(env: Record<string, string>, command: readonly string[]): [string, string[]] {
  const [uid, gid] = started?.user ?? [0, 0];
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  return root(
    'chroot',
    `--userspec=${uid}:${gid}`,
    `--groups=${gid}`,
    started?.rootfs ?? '',
    '/usr/bin/env',
    '-i',
    `--chdir=${config.workingDir}`,
    ...assignments,
    ...command,
  );
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms. The server said:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(missing !== undefined)('the container image', () => {
  let env: Record<string, string>;
  let origin: string;

  beforeAll(async () => {
    await timed(LENT_BASE ? 'Node base lent' : 'Node base built', buildBase);
    await timed('image built', buildImage);
    config = imageConfig(IMAGE, BASE);
    started = mountImage();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The image's environment; the port and origin of this test; loopback only, on a shared network.
    env = { ...config.env, PORT: String(port), SITE_URL: origin, HOST: '127.0.0.1' };
  }, 30 * MINUTES);

  afterAll(async () => {
    if (server?.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    if (started) unmountImage(started);
    spawnSync(...root('podman', 'rmi', '--force', IMAGE, ...(LENT_BASE ? [] : [BASE])));
    // The build stage's image, left unnamed by the build; nothing else's.
    const before = unnamedBefore;
    const stages = before ? [...unnamedImages()].filter((id) => !before.has(id)) : [];
    if (stages.length > 0) spawnSync(...root('podman', 'rmi', '--force', ...stages));
    console.log(`Container image test: ${timings.join(', ')}.`);
  }, 2 * MINUTES);

  it('runs as its own user, on port 3000, with its data in a volume, a health check and production settings', () => {
    expect(config.userName).toBe('site:site');
    expect(started?.user[0]).not.toBe(0);
    expect(config.exposedPorts).toEqual(['3000/tcp']);
    expect(config.volume).toBe('/data');
    expect(config.healthcheck[0]).toBe('CMD');
    expect(config.healthcheck.join(' ')).toContain('/healthz');
    expect(config.cmd).toEqual(['node', 'build/node/server/main.js']);
    expect(config.entrypoint).toEqual([]);
    expect(config.env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      DATABASE_PATH: '/data/site.db',
      MAIL_DIR: '/data/mail',
      BACKUP_DIR: '/data/backups',
    });
    console.log(`The image's own layers over its Node base: ${config.ownMegabytes.toFixed(0)} MB.`);
    expect(config.ownMegabytes).toBeLessThanOrEqual(MAX_OWN_MB);
  });

  it('holds no compiler, no development dependency and no source map', () => {
    const at = (path: string) => join(started?.rootfs ?? '', path);
    for (const program of ['usr/bin/gcc', 'usr/bin/g++', 'usr/bin/make', 'usr/bin/cc']) {
      expect(asRoot.exists(at(program)), program).toBe(false);
    }
    for (const dev of ['vite', 'vitest', 'typescript', 'tsx', 'eslint', '@playwright/test']) {
      expect(asRoot.exists(at(`app/node_modules/${dev}`)), dev).toBe(false);
    }
    expect(asRoot.find(at('app'), '-name', '*.map')).toEqual([]);
  });

  it(
    'serves, answers its own health check, keeps a quote in its volume, and stops cleanly on SIGTERM',
    async () => {
      const [command, args] = inImage(env, [...config.entrypoint, ...config.cmd]);
      server = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));

      await timed('server up', () =>
        waitFor('GET /healthz', () =>
          fetch(`${origin}/healthz`).then(
            (response) => (response.ok ? true : undefined),
            () => undefined,
          ),
        ),
      );
      // The HEALTHCHECK as the image states it, run inside the image.
      const [check, checkArgs] = inImage(env, config.healthcheck.slice(1));
      expect(spawnSync(check, checkArgs).status).toBe(0);

      const response = await fetch(`${origin}/api/quote`, {
        method: 'POST',
        body: new URLSearchParams(sampleQuote()),
        headers: { origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', accept: 'text/plain' },
      });
      expect(await response.text()).toBe(QUOTE_SUCCESS_REPLY);

      const volume = started?.volume ?? '';
      // Without SMTP_URL the notification is kept as an .eml file: in the volume, owned by the image's user.
      const mail = await waitFor('the notification kept in the volume', () => {
        const folder = join(volume, 'mail');
        return asRoot.exists(folder) ? asRoot.find(folder, '-name', '*.eml')[0] : undefined;
      });
      expect(asRoot.read(join(volume, 'mail', mail))).toContain(sampleQuote().email);
      expect(asRoot.owner(join(volume, 'site.db'))).toBe(started?.user[0]);

      // The guide's first invitation, as on a platform: the compiled command, in the image, beside the server.
      const invite = ['node', 'build/node/server/bin/admin-cli.js', 'invite', 'owner@example.com'];
      const invited = spawnSync(...inImage(env, invite), { encoding: 'utf8' });
      expect(invited.stdout + invited.stderr).toContain(`${origin}/admin/invitation#`);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');
      expect(asRoot.exists(join(volume, 'site.db'))).toBe(true);
    },
    3 * MINUTES,
  );
});

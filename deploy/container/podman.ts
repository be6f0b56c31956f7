/** What the container image test asks of this machine: podman, mmdebstrap, root, and npm's settings. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];

/** A command as root: itself when this process is root, else through sudo without a password. */
export function root(command: string, ...args: string[]): [string, string[]] {
  const [first, ...rest] = [...sudo, command, ...args];
  return [first ?? command, rest];
}

/** Runs a command, returns its output; on failure, throws with the end of what it printed. */
export function run([command, args]: [string, string[]]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    const said = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${said}`);
  }
  return result.stdout;
}

function found(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

/** What is missing to build and start the image here, or undefined when nothing is. */
export function missingTools(): string | undefined {
  const programs = ['podman', 'mmdebstrap', 'chroot', 'node'].filter((program) => !found(program));
  if (programs.length > 0) return `${programs.join(', ')} not installed (apt-get install podman mmdebstrap)`;
  if (sudo.length > 0 && spawnSync('sudo', ['-n', 'true']).status !== 0) {
    return 'it needs root, or sudo without a password (mmdebstrap, podman, mount, chroot)';
  }
  return undefined;
}

function npmConfig(name: string): string {
  return execFileSync('npm', ['config', 'get', name], { encoding: 'utf8' }).trim();
}

const PREBUILDS = '/run/acme-site-prebuilds';

/**
 * better-sqlite3's binary of this machine's node_modules, as the prebuilt binary its install looks for
 * (prebuild-install's name for it) in a folder of prebuilds, when its version is the lockfile's; the
 * build would otherwise download it from GitHub, which this machine cannot reach, and compile instead.
 */
function lentPrebuild(root: string, folder: string): boolean {
  const packageDir = join(root, 'node_modules/better-sqlite3');
  const binary = join(packageDir, 'build/Release/better_sqlite3.node');
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const locked = lock.packages['node_modules/better-sqlite3']?.version;
  const installed = (
    JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  if (!existsSync(binary) || locked !== installed) return false;
  const name = `better-sqlite3-v${installed}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  run(['tar', ['-czf', join(folder, name), '-C', packageDir, 'build/Release/better_sqlite3.node']]);
  return true;
}

/**
 * What the build borrows from this machine, never copied into the image: npm's settings and the
 * certificates they name, read-only (the registry may only be reachable through them); npm's cache
 * as an overlay (the build's writes to it are thrown away), which npm is told to prefer (prefer-offline:
 * without it, `npm ci` asked the registry again for every package's metadata, minutes of waiting on a
 * slow network); and better-sqlite3's binary as a prebuild (above), named to npm in the lent user
 * settings. `folder`: a scratch folder of the test's.
 */
export function lentToBuild(root: string, folder: string): string[] {
  const userConfig = npmConfig('userconfig');
  const settings = existsSync(userConfig) ? readFileSync(userConfig, 'utf8') : '';
  const lentSettings = join(folder, 'npmrc');
  const prebuilds = join(folder, 'prebuilds');
  mkdirSync(prebuilds);
  const prebuild = lentPrebuild(root, prebuilds) ? `\nbetter_sqlite3_local_prebuilds=${PREBUILDS}\n` : '';
  writeFileSync(lentSettings, `${settings}${prebuild}\nprefer-offline=true\n`);
  const mounts = [npmConfig('globalconfig'), npmConfig('cafile')]
    .filter((file) => file !== '' && file !== 'null' && file !== 'undefined' && existsSync(file))
    .map((file) => `${file}:${file}:ro`);
  // The build runs as root: its npm reads /root/.npmrc. The prebuilds' folder is writable, as
  // prebuild-install asks of it.
  mounts.push(`${lentSettings}:/root/.npmrc:ro`, `${prebuilds}:${PREBUILDS}`);
  const cache = npmConfig('cache');
  if (existsSync(cache)) mounts.push(`${cache}:/root/.npm:O`);
  return mounts;
}

/**
 * The build's limit of open files, as high as this machine allows: podman's chroot builds give RUN 1024,
 * and npm reading its cache without the network (prefer-offline) opens more at once (EMFILE).
 */
export function openFilesLimit(): string[] {
  const hard = run(['sh', ['-c', 'ulimit -Hn']]).trim();
  return /^\d+$/.test(hard) ? [`--ulimit=nofile=${hard}:${hard}`] : [];
}

export interface ImageConfig {
  /** As the image states it (Config.User). */
  userName: string;
  exposedPorts: string[];
  volume: string;
  healthcheck: string[];
  entrypoint: string[];
  cmd: string[];
  workingDir: string;
  env: Record<string, string>;
  /** The image's size less its base's: the layers it adds. */
  ownMegabytes: number;
}

interface Inspected {
  Size: number;
  /** Podman puts a Docker-format image's HEALTHCHECK here, beside the OCI Config, which has none. */
  Healthcheck?: { Test?: string[] };
  Config: {
    User?: string;
    ExposedPorts?: Record<string, unknown>;
    Volumes?: Record<string, unknown>;
    Entrypoint?: string[] | null;
    Cmd?: string[] | null;
    WorkingDir?: string;
    Env?: string[];
  };
}

function inspect(image: string): Inspected {
  const [first] = JSON.parse(run(root('podman', 'image', 'inspect', image))) as Inspected[];
  if (!first) throw new Error(`podman image inspect ${image}: nothing`);
  return first;
}

/** The numeric id of a user or group name in an image's /etc/passwd or /etc/group. */
function idIn(table: string, name: string): number {
  const line = table.split('\n').find((entry) => entry.split(':')[0] === name);
  const id = Number(line?.split(':')[2]);
  if (!Number.isInteger(id)) throw new Error(`${name} is not in the image`);
  return id;
}

/**
 * The mounted image (under podman's storage, root's only) and its volume (the image's user's) read as
 * root, so that the test may run as a user with sudo.
 */
export const asRoot = {
  exists: (path: string) => spawnSync(...root('test', '-e', path)).status === 0,
  read: (path: string) => run(root('cat', path)),
  find: (folder: string, ...test: string[]) =>
    run(root('find', folder, '-mindepth', '1', ...test, '-printf', '%P\\n'))
      .split('\n')
      .filter(Boolean),
  owner: (path: string) => Number(run(root('stat', '--format=%u', path)).trim()),
};

/** The numeric ids of an image's user (Config.User, "name:group"), from the files of its mounted root. */
export function userIds(rootfs: string, userName: string): [number, number] {
  const [user = '', group = user] = userName.split(':');
  const read = (file: string) => asRoot.read(join(rootfs, 'etc', file));
  return [idIn(read('passwd'), user), idIn(read('group'), group)];
}

export function imageConfig(image: string, base: string): ImageConfig {
  const { Config: config, Size: size, Healthcheck: healthcheck } = inspect(image);
  return {
    userName: config.User ?? '',
    exposedPorts: Object.keys(config.ExposedPorts ?? {}),
    volume: Object.keys(config.Volumes ?? {}).join(' '),
    healthcheck: healthcheck?.Test ?? [],
    entrypoint: config.Entrypoint ?? [],
    cmd: config.Cmd ?? [],
    workingDir: config.WorkingDir ?? '/',
    env: Object.fromEntries((config.Env ?? []).map((entry) => entry.split(/=(.*)/s, 2) as [string, string])),
    ownMegabytes: (size - inspect(base).Size) / 1e6,
  };
}

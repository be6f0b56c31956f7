/**
 * The server compiled from source once per test run, for the tests that start it as a process
 * (server-process.ts, entry-point.ts). Started with `--import tsx`, each such process spent about two
 * seconds of CPU compiling and loading TypeScript; compiled, it loads plain JavaScript, as `npm start`
 * does (decision 075). The source of this very moment is compiled, so no build can be stale.
 *
 * The global setups compile it into node_modules/.cache (inside the project, so that its imports
 * resolve to the project's node_modules) and name the folder in TEST_COMPILED_SERVER_DIR, which the
 * test workers inherit. Without it (a script, a bench), processes start from source with tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The compiled file of a server source file (`server/main.ts`), or undefined when none was compiled. */
export function compiledFile(source: string): string | undefined {
  const dir = process.env.TEST_COMPILED_SERVER_DIR;
  return dir ? join(dir, source.replace(/\.ts$/, '.js')) : undefined;
}

/**
 * Compiles the server once for the run (tsc without type checks: `npm run typecheck` checks them) and
 * returns how to remove it, or nothing when another project's setup already compiled it.
 */
export function compileServerForTheRun(): (() => void) | undefined {
  const known = process.env.TEST_COMPILED_SERVER_DIR;
  if (known && existsSync(known)) return undefined;
  const cache = resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'test-server-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', 'tsconfig.server.json', '--noCheck', '--sourceMap', 'false', '--outDir', dir],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Compiling the server for the tests failed:\n${result.stdout}${result.stderr}`);
  }
  process.env.TEST_COMPILED_SERVER_DIR = dir;
  return () => {
    delete process.env.TEST_COMPILED_SERVER_DIR;
    rmSync(dir, { recursive: true, force: true });
  };
}

import { configDefaults, defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/build-env.ts';
import { findPostgresBin, POSTGRES_MISSING } from './server/test/postgres-cluster.ts';
import { postgresTestFiles } from './server/test/storage-tests.ts';

// The server tests run on SQLite (node), and those that touch storage again on PostgreSQL (postgres, one
// throw-away cluster for the run; server/test/storage-tests.ts finds them by reading the files). Without
// PostgreSQL's programs the postgres project has no files, and one line says why.
const hasPostgres = findPostgresBin() !== undefined;
// Vitest evaluates this file once per project: the line is said once per process.
const said = Symbol.for('postgres-tests-skipped');
if (!hasPostgres && !(said in globalThis)) {
  Object.assign(globalThis, { [said]: true });
  console.warn(POSTGRES_MISSING);
}

// The reactRouter() plugin stays out of here: component tests render components directly.
export default defineConfig({
  define: buildDefines(),
  test: {
    // Vitest's default on 2 cores is one worker; the server tests wait on sockets, child processes and
    // the databases much of the time, so two keep both cores busy. Three were faster still, but under
    // their load one test lost a subscriber's confirm once in a fresh-clone run (cause not yet found).
    maxWorkers: 2,
    // Every test file imports the server again in a fresh process (isolation), and Node loads each
    // library's files one by one: Kysely alone is 262 modules. These libraries are bundled once per run
    // into one file each (Vite's dependency optimizer), which the files then load (decision 074). Not
    // pino (its bundle breaks), nor what it and fastify bring; nor native modules.
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: [
            'kysely',
            'zod',
            'nodemailer',
            'juice',
            'sanitize-html',
            'marked',
            'html-to-text',
            '@simplewebauthn/server',
            'file-type',
            'csv-parse',
          ],
        },
      },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          // Built and run apart, by npm run test:container (deploy/container/vitest.config.ts).
          exclude: [...configDefaults.exclude, 'deploy/container/image.test.ts'],
          globalSetup: ['server/test/sqlite-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          environment: 'node',
          include: hasPostgres ? postgresTestFiles() : [],
          // The harness's own test starts its own clusters; it runs once, in the node project.
          exclude: ['server/test/postgres-cluster.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});

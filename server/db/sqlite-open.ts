import SQLite from 'better-sqlite3';

/**
 * better-sqlite3 12 on Node 24 aborts the whole process (`Assertion failed: (env) != nullptr` in
 * `node::RemoveEnvironmentCleanupHook`, SIGABRT) when the garbage collector finalizes one of its handles
 * (a database, a statement, an iterator, a backup): Node 24's `node::ObjectWrap` removes an environment
 * hook in its destructor, which a collection outside JavaScript cannot do. Version 13 fixes it but needs
 * Node 22, and this project still runs on Node 20 (decision 045). So on Node 24 and later every handle is
 * kept for the life of the process (or thread): never collected, never finalized. What that keeps is
 * bounded: the server reuses its statements by their text (sqlite-storage.ts), and other handles are a
 * few per backup or command.
 */
const FINALIZING_ABORTS = Number(process.versions.node.split('.')[0]) >= 24;

/** Whether handles are kept for the life of the process: then a statement cache need not let any go. */
export const KEEPS_SQLITE_HANDLES = FINALIZING_ABORTS;

/** The handles kept from the collector (Node 24 and later only). */
const kept: unknown[] = [];

/** The native methods that make handles: each handle made is kept. */
const MAKERS = { database: ['prepare', 'backup'], statement: ['iterate'] } as const;

let patched = false;

/** Wraps a native method so that what it returns is kept. */
function keepWhatItMakes(prototype: object, name: string) {
  const target = prototype as Record<string, unknown>;
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = function (this: unknown, ...args: unknown[]) {
    const made: unknown = original.apply(this, args);
    kept.push(made);
    return made;
  };
}

/** Patches the native prototypes once, from the first database opened. */
function patchMakers(db: SQLite.Database) {
  if (patched) return;
  patched = true;
  // The native database behind the JavaScript one, under a symbol of its own.
  const native = Object.getOwnPropertySymbols(db)
    .map((symbol) => Reflect.get(db, symbol) as unknown)
    .find((value): value is object => typeof value === 'object' && value !== null && 'prepare' in value);
  if (native) for (const name of MAKERS.database) keepWhatItMakes(Object.getPrototypeOf(native), name);
  const statement = db.prepare('select 1');
  for (const name of MAKERS.statement) keepWhatItMakes(Object.getPrototypeOf(statement), name);
}

/** Opens a SQLite database: `new SQLite(…)`, whose handles are safe from Node 24's abort. */
export function openSqlite(path: string, options?: SQLite.Options): SQLite.Database {
  const db = new SQLite(path, options);
  if (FINALIZING_ABORTS) {
    kept.push(db);
    patchMakers(db);
  }
  return db;
}

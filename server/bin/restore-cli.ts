/**
 * `npm run restore -- <file>`: puts a backup in place of the database. Refuses
 * while a server holds the database; checks the backup first; keeps the
 * current database aside. With DATABASE_URL, restores a pg_dump file into an
 * empty database (and refuses any other). Reads the same environment as the server.
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('restore');

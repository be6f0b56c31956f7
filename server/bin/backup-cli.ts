/**
 * `npm run backup`: an online, checked copy of the database (and the .eml
 * files) into BACKUP_DIR, while the server keeps running (with DATABASE_URL,
 * a pg_dump file checked with pg_restore --list); then, as the
 * server's own backups do, keeps the newest BACKUP_KEEP of this database's kind (so backups taken by
 * a timer with BACKUP_INTERVAL_HOURS=0 do not pile up). Reads the same
 * environment as the server. After a build: `node build/node/server/backup-cli.js`. The command is
 * the core's (server/ops/backup-commands.ts).
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('backup');

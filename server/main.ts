import { ConfigError, loadConfig } from './config/config.ts';
import { describeDatabaseUrl } from './ops/postgres-programs.ts';

/**
 * The process entry point: read the configuration, serve, and shut down gracefully. The app (every
 * feature and its libraries) is loaded only once the configuration passed: a bad setting is named at
 * once, without the seconds that loading takes.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // PostgreSQL's URL without its password, or the SQLite file.
  const database = config.database.url ? describeDatabaseUrl(config.database.url) : config.database.path;
  const [{ buildApp }, { default: closeWithGrace }] = await Promise.all([
    import('./app.ts'),
    import('close-with-grace'),
  ]);
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    console.error(
      `The server could not start (database ${database}, site ${config.siteDir}):`,
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  }

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    // Stops taking requests, lets the outbox finish the email in flight, closes the database.
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database,
      // Without SMTP_URL: .eml files in MAIL_DIR, or kept in the database on PostgreSQL.
      mail: config.mail.smtpUrl ? 'smtp' : config.database.url ? 'database' : config.mail.dir,
    },
    // One phrase for mail that leaves nowhere: "kept, not sent" (the outbox and leads commands say "kept").
    config.mail.smtpUrl
      ? 'quote requests are stored and emailed'
      : 'quote requests are stored; their emails are kept, not sent (SMTP_URL is not set)',
  );
}

await main();

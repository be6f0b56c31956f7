import { type Kysely, type Migration, sql } from 'kysely';

/** An outbox row belongs to a quote request, or to the newsletter: a subscriber, a campaign, or both. */
const ONE_OWNER = '(quote_request_id is null) <> (subscriber_id is null and campaign_id is null)';

/** The campaigns table, the same on both databases. */
async function createCampaigns(db: Kysely<unknown>, id: 'integer' | 'bigint') {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', id, (column) =>
      id === 'bigint'
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('preheader', 'text', (column) => column.notNull())
    .addColumn('body_markdown', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('publish_in_archive', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('slug', 'text', (column) => column.unique())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('paused_reason', 'text')
    .execute();
  await db.schema.createIndex('campaigns_created_at').on('campaigns').column('created_at').execute();
}

/**
 * Sending, the same on both databases: a campaign's count of failures in a row (10 pause it), the time
 * a subscriber bounced, and one campaign email per recipient and campaign (the recipients are fixed
 * when sending starts; a second start could never add a second email to anyone). The campaign's rows
 * by status for its figures and for the sender's "is anything left" question.
 */
async function addSending(db: Kysely<unknown>) {
  await db.schema
    .alterTable('campaigns')
    .addColumn('failures_in_row', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('subscribers').addColumn('bounced_at', 'text').execute();
  await sql`create unique index outbox_campaign_recipient on outbox (campaign_id, subscriber_id)
    where kind = 'campaign'`.execute(db);
  await db.schema
    .createIndex('outbox_campaign_status')
    .on('outbox')
    .columns(['campaign_id', 'status'])
    .execute();
}

const sendingMigration: Migration = { up: addSending };

/**
 * SQLite: the campaigns, and the outbox's link to a campaign. SQLite cannot change a check constraint,
 * so the outbox is rebuilt from its own definition (whatever columns and indexes it has by then), with
 * its rows and ids.
 */
export const campaignMigrations: Record<string, Migration> = {
  '2026-11-25-301-newsletter-campaigns': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        await createCampaigns(trx, 'integer');
        const objects = await sql<{ type: string; sql: string }>`
          select type, sql from sqlite_master where tbl_name = 'outbox' and sql is not null`.execute(trx);
        const table = objects.rows.find((row) => row.type === 'table')?.sql ?? '';
        const check =
          /constraint "outbox_one_owner" check \(\(quote_request_id is null\) <> \(subscriber_id is null\)\)/;
        if (!check.test(table)) throw new Error('The outbox has not the owner check this migration expects.');
        // The new column goes before the table's constraints, as SQLite's ADD COLUMN would put it.
        const next = table
          .replace(/^CREATE TABLE "?outbox"?/i, 'CREATE TABLE "outbox_next"')
          .replace(
            check,
            `"campaign_id" integer references "campaigns" ("id") on delete cascade, constraint "outbox_one_owner" check (${ONE_OWNER})`,
          );
        await sql.raw(next).execute(trx);
        const columns = await sql<{ name: string }>`select name from pragma_table_info('outbox')`.execute(
          trx,
        );
        const list = sql.raw(columns.rows.map((column) => `"${column.name}"`).join(', '));
        await sql`insert into outbox_next (${list}) select ${list} from outbox`.execute(trx);
        await trx.schema.dropTable('outbox').execute();
        await trx.schema.alterTable('outbox_next').renameTo('outbox').execute();
        for (const index of objects.rows.filter((row) => row.type === 'index')) {
          await sql.raw(index.sql).execute(trx);
        }
        await trx.schema.createIndex('outbox_campaign').on('outbox').column('campaign_id').execute();
      });
    },
  },
  '2026-11-26-402-campaign-sending': sendingMigration,
};

/** PostgreSQL: the same, by altering the outbox (the migrator's transaction holds it all). */
export const campaignPostgresMigrations: Record<string, Migration> = {
  '2026-11-25-301-newsletter-campaigns': {
    async up(db: Kysely<unknown>) {
      await createCampaigns(db, 'bigint');
      await db.schema
        .alterTable('outbox')
        .addColumn('campaign_id', 'bigint', (column) => column.references('campaigns.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('outbox').dropConstraint('outbox_one_owner').execute();
      await db.schema
        .alterTable('outbox')
        .addCheckConstraint('outbox_one_owner', sql.raw(ONE_OWNER))
        .execute();
      await db.schema.createIndex('outbox_campaign').on('outbox').column('campaign_id').execute();
    },
  },
  '2026-11-26-402-campaign-sending': sendingMigration,
};

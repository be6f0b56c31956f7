import { type Kysely, type Migration, sql } from 'kysely';
import './lead-count-tables.ts';

/**
 * lead_counts (lead-count-tables.ts): the leads counted by UTC day and UTC month, kept by triggers on
 * quote_requests. Why triggers: every change to a lead that moves a count (the form's insert, a status
 * change, a first contact, marking spam, retention's delete, and any script or migration) is caught in
 * its own transaction, with no code path that could forget it. The buckets are UTC dates cut from
 * created_at (ISO 8601 UTC text on both databases), so the same SQL runs on SQLite and PostgreSQL, and
 * no time zone is written down: a local period is whole UTC days and months read from here, plus the
 * hours at either end read from the leads (lead-figures.ts).
 */

/** The bucket of a lead (`row` is new or old) for each span: the UTC date, or its month. */
const BUCKETS = [
  ['day', 10],
  ['month', 7],
] as const;

const answered = (row: string) => `case when ${row}.first_contact_ms is null then 0 else 1 end`;

/** Counts the lead in its day and month. */
function addLead(row: 'new') {
  const values = BUCKETS.map(
    ([span, length]) =>
      `('${span}', substr(${row}.created_at, 1, ${length}), ${row}.status, ${row}.source_page, 1, ${answered(row)})`,
  );
  return `insert into lead_counts (span, bucket, status, source_page, leads, contacted)
    values ${values.join(', ')}
    on conflict (span, bucket, status, source_page)
    do update set leads = lead_counts.leads + excluded.leads,
      contacted = lead_counts.contacted + excluded.contacted;`;
}

/** Takes the lead (as it was) out of its day and month. */
function removeLead(row: 'old') {
  return BUCKETS.map(
    ([span, length]) => `update lead_counts set leads = leads - 1, contacted = contacted - ${answered(row)}
    where span = '${span}' and bucket = substr(${row}.created_at, 1, ${length})
      and status = ${row}.status and source_page = ${row}.source_page;`,
  ).join('\n');
}

/** An update that moves a count: a change of day, status, page, spam, or answered or not. */
const MOVES = `old.created_at <> new.created_at or old.status <> new.status
  or old.source_page <> new.source_page or old.spam <> new.spam
  or (old.first_contact_ms is null) <> (new.first_contact_ms is null)`;
const MOVING_COLUMNS = 'created_at, status, source_page, spam, first_contact_ms';

async function createTable(db: Kysely<unknown>) {
  await db.schema
    .createTable('lead_counts')
    .addColumn('span', 'text', (column) => column.notNull())
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('source_page', 'text', (column) => column.notNull())
    .addColumn('leads', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('contacted', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_counts_pk', ['span', 'bucket', 'status', 'source_page'])
    .execute();
  // The leads there already, counted once; from here on the triggers keep the counts.
  const counted = BUCKETS.map(
    ([
      span,
      length,
    ]) => sql`select ${sql.lit(span)}, substr(created_at, 1, ${sql.lit(length)}), status, source_page,
        count(*), count(first_contact_ms)
      from quote_requests where spam = 0
      group by substr(created_at, 1, ${sql.lit(length)}), status, source_page`,
  );
  await sql`insert into lead_counts (span, bucket, status, source_page, leads, contacted)
    ${sql.join(counted, sql` union all `)}`.execute(db);
  // The grouped index of 2026-11-28-620 served the year's count by status and page, read from here now.
  await db.schema.dropIndex('quote_requests_funnel').execute();
}

/** SQLite: a trigger per event (and an update's old and new rows apart), in the migration's transaction. */
async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `create trigger lead_counts_insert after insert on quote_requests when new.spam = 0
       begin ${addLead('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger lead_counts_delete after delete on quote_requests when old.spam = 0
       begin ${removeLead('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger lead_counts_update_old after update of ${MOVING_COLUMNS} on quote_requests
       when old.spam = 0 and (${MOVES}) begin ${removeLead('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger lead_counts_update_new after update of ${MOVING_COLUMNS} on quote_requests
       when new.spam = 0 and (${MOVES}) begin ${addLead('new')} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: one function, run by constraint triggers deferred to the commit. Leads of one day and
 * page share a row here, and an upsert holds that row's lock until its transaction ends: fired at the
 * commit, the lock is held for the commit alone, not for the rest of the form's transaction (its
 * emails, its webhooks), so leads arriving together do not queue behind each other.
 */
async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `create function lead_counts_change() returns trigger language plpgsql as $$
       begin
         if tg_op <> 'INSERT' then
           if old.spam = 0 then ${removeLead('old')} end if;
         end if;
         if tg_op <> 'DELETE' then
           if new.spam = 0 then ${addLead('new')} end if;
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  const trigger = (name: string, event: string, when: string) =>
    sql
      .raw(
        `create constraint trigger ${name} after ${event} on quote_requests
         deferrable initially deferred for each row when (${when}) execute function lead_counts_change()`,
      )
      .execute(db);
  await trigger('lead_counts_insert', 'insert', 'new.spam = 0');
  await trigger('lead_counts_update', `update of ${MOVING_COLUMNS}`, MOVES);
  await trigger('lead_counts_delete', 'delete', 'old.spam = 0');
}

/**
 * lead_counts spread over shards on PostgreSQL. Every lead of a day and page counts in one row, and
 * an upsert holds that row's lock until its transaction has committed, fsync included: with one row,
 * concurrent quotes committed one after another, one fsync each (bench:api; docs/decisions/038-postgres-group-commit.md). Now a change
 * goes to the first shard of its bucket that no other transaction holds, so concurrent commits no longer wait for each other and PostgreSQL flushes them together.
 * With no concurrency every change lands on shard 0, so a quiet site keeps one row per bucket; the
 * readers already add the rows of a bucket up (sum … group by), and a shard's row may go below 0
 * (a lead counted in one shard, moved on in another) while the bucket's sum stays exact.
 */
const LEAD_COUNT_SHARDS = 32;

/** About 100 buckets' claims: a bigger transaction (a copy, a purge) counts the rest in shard 0, waiting if it must. */
const MAX_CLAIMED_CHARS = 2000;

/**
 * Adds `leads` and `contacted` (±1, or 0) to the bucket, in a shard no other transaction holds. A
 * shard is claimed with a transaction-level advisory lock on (the bucket's hash, the shard), tried
 * without waiting, not with the row's lock: a row another transaction has just inserted is not yet
 * visible, and an insert that meets it waits for that transaction. The claims of the transaction are
 * remembered in a setting of its own (`,hash:shard,` each), so that its next change to a bucket goes
 * to the shard it holds, and the locks it takes stay few.
 */
const ADD_TO_SHARD = `create function lead_counts_add(p_span text, p_bucket text, p_status text, p_page text,
    p_leads integer, p_contacted integer) returns void language plpgsql as $$
  declare
    bucket_key integer := hashtext(p_span || '|' || p_bucket || '|' || p_status || '|' || p_page);
    claimed text := coalesce(current_setting('lead_counts.claimed', true), '');
    claim integer := position(',' || bucket_key || ':' in claimed);
    chosen integer := 0;
  begin
    if claim > 0 then
      chosen := split_part(substr(claimed, claim + length(bucket_key::text) + 2), ',', 1)::integer;
    elsif length(claimed) < ${MAX_CLAIMED_CHARS} then
      for s in 0..${LEAD_COUNT_SHARDS - 1} loop
        if pg_try_advisory_xact_lock(bucket_key, s) then
          chosen := s;
          perform set_config('lead_counts.claimed', claimed || ',' || bucket_key || ':' || s || ',', true);
          exit;
        end if;
      end loop;
    end if;
    insert into lead_counts (span, bucket, status, source_page, shard, leads, contacted)
      values (p_span, p_bucket, p_status, p_page, chosen, p_leads, p_contacted)
      on conflict (span, bucket, status, source_page, shard)
      do update set leads = lead_counts.leads + excluded.leads, contacted = lead_counts.contacted + excluded.contacted;
  end $$`;

/** The lead (`row`, old or new) in or out of its day and month. */
const change = (row: 'old' | 'new', sign: 1 | -1) =>
  [
    ['day', 10],
    ['month', 7],
  ]
    .map(
      ([span, length]) => `perform lead_counts_add('${span}', substr(${row}.created_at, 1, ${length}),
        ${row}.status, ${row}.source_page, ${sign},
        ${sign} * (case when ${row}.first_contact_ms is null then 0 else 1 end));`,
    )
    .join('\n');

/** The same function as before (same triggers), its changes through lead_counts_add. */
const CHANGE = `create or replace function lead_counts_change() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      if old.spam = 0 then ${change('old', -1)} end if;
    end if;
    if tg_op <> 'DELETE' then
      if new.spam = 0 then ${change('new', 1)} end if;
    end if;
    return null;
  end $$`;

const addShardColumn = (db: Kysely<unknown>) =>
  db.schema
    .alterTable('lead_counts')
    .addColumn('shard', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

const leadCountShardMigrations: Record<string, Migration> = {
  // SQLite writes one transaction at a time: always shard 0, the column only keeps the schemas alike.
  '2026-11-28-730-lead-count-shards': { up: addShardColumn },
};

const leadCountShardPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-730-lead-count-shards': {
    async up(db: Kysely<unknown>) {
      await addShardColumn(db);
      await sql`alter table lead_counts drop constraint lead_counts_pk`.execute(db);
      await sql`alter table lead_counts add constraint lead_counts_pk
        primary key (span, bucket, status, source_page, shard)`.execute(db);
      await sql.raw(ADD_TO_SHARD).execute(db);
      await sql.raw(CHANGE).execute(db);
    },
  },
};

export const leadCountMigrations: Record<string, Migration> = {
  '2026-11-28-630-lead-counts': {
    // SQLite's migrator runs a migration outside a transaction: the counts and their triggers start together.
    up: (db: Kysely<unknown>) =>
      db.transaction().execute(async (trx) => {
        await createTable(trx);
        await createSqliteTriggers(trx);
      }),
  },
  ...leadCountShardMigrations,
};

export const leadCountPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-630-lead-counts': {
    async up(db: Kysely<unknown>) {
      // No lead is written between the count and the triggers (by a server of the version before).
      await sql`lock table quote_requests in share row exclusive mode`.execute(db);
      await createTable(db);
      await createPostgresTriggers(db);
    },
  },
  ...leadCountShardPostgresMigrations,
};

import { type Kysely, type Migration, sql } from 'kysely';
import './lead-count-tables.ts';

/**
 * lead_counts spread over shards on PostgreSQL. Every lead of a day and page counts in one row, and
 * an upsert holds that row's lock until its transaction has committed, fsync included: with one row,
 * concurrent quotes committed one after another, one fsync each (bench:api, issue 33). Now a change
 * goes to the first shard of its bucket that no other transaction holds (SELECT … FOR UPDATE SKIP
 * LOCKED), so concurrent commits no longer wait for each other and PostgreSQL flushes them together.
 * With no concurrency every change lands on shard 0, so a quiet site keeps one row per bucket; the
 * readers already add the rows of a bucket up (sum … group by), and a shard's row may go below 0
 * (a lead counted in one shard, moved on in another) while the bucket's sum stays exact.
 */
export const LEAD_COUNT_SHARDS = 32;

/** Adds `leads` and `contacted` (1 or -1, 0 or ±1) to the bucket, in a shard no one else holds. */
const ADD_TO_SHARD = `create function lead_counts_add(p_span text, p_bucket text, p_status text, p_page text,
    p_leads integer, p_contacted integer) returns void language plpgsql as $$
  declare
    held tid;
  begin
    for s in 0..${LEAD_COUNT_SHARDS - 1} loop
      select ctid into held from lead_counts
        where span = p_span and bucket = p_bucket and status = p_status and source_page = p_page and shard = s
        for update skip locked;
      if found then
        update lead_counts set leads = leads + p_leads, contacted = contacted + p_contacted where ctid = held;
        return;
      end if;
      -- Held by another transaction, or not there yet: a row of its own, if no one has made it.
      perform from lead_counts
        where span = p_span and bucket = p_bucket and status = p_status and source_page = p_page and shard = s;
      if not found then
        insert into lead_counts (span, bucket, status, source_page, shard, leads, contacted)
          values (p_span, p_bucket, p_status, p_page, s, p_leads, p_contacted)
          on conflict do nothing;
        if found then
          return;
        end if;
      end if;
    end loop;
    -- Every shard held: wait for the first.
    insert into lead_counts (span, bucket, status, source_page, shard, leads, contacted)
      values (p_span, p_bucket, p_status, p_page, 0, p_leads, p_contacted)
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

export const leadCountShardMigrations: Record<string, Migration> = {
  // SQLite writes one transaction at a time: always shard 0, the column only keeps the schemas alike.
  '2026-11-28-730-lead-count-shards': { up: addShardColumn },
};

export const leadCountShardPostgresMigrations: Record<string, Migration> = {
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

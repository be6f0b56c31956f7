import { type Kysely, type Migration, sql } from 'kysely';
import './lead-count-tables.ts';

/**
 * lead_counts spread over shards on PostgreSQL. Every lead of a day and page counts in one row, and
 * an upsert holds that row's lock until its transaction has committed, fsync included: with one row,
 * concurrent quotes committed one after another, one fsync each (bench:api;
 * docs/decisions/038-postgres-group-commit.md). Now a change
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

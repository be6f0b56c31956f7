import { type Kysely, type RawBuilder, sql, type SelectQueryBuilder } from 'kysely';

/**
 * A full-text index that a feature's migrations made on one of its tables, in the form each database
 * holds it. The feature describes it; which form is read, and how, is server/db's business.
 */
export interface FullTextIndex {
  /** The table searched; the index names its rows by their integer primary key, `id`. */
  table: string;
  /** SQLite: the FTS5 table of the rows' text, whose rowid is the row's id. */
  fts5Table: string;
  /**
   * PostgreSQL: the row's stored tsvector column (the `simple` configuration: no stemming, no stop words),
   * and the SQL function its text went through first, which the searched words go through too.
   */
  tsvectorColumn: string;
  fold?: string | undefined;
  /**
   * A column searched for any run of its characters (a phone's digits): SQLite holds every ending of it in
   * the FTS5 table's `endingsColumn` and finds them by prefix; PostgreSQL finds it with LIKE '%…%' over a
   * trigram index of `column` (which a select given to newestFullTextMatches must hold).
   */
  substrings?: { column: string; endingsColumn: string } | undefined;
}

/** What a full-text search asks for. */
export interface FullTextSearch {
  /**
   * Lists of words, any of which matches: a row matches one when its text (every column of the index
   * but the endings) holds each of its words, as a word or the start of one. Words are letters, marks and
   * digits (anything else in them is taken literally, never as the database's search syntax).
   */
  words: readonly (readonly string[])[];
  /** Or the substrings column holding one of these anywhere. */
  substrings: readonly string[];
}

type Select<DB, TB extends keyof DB, O> = SelectQueryBuilder<DB, TB, O>;

/** Storage's full-text search over a FullTextIndex (the inbox's lead search). */
export interface FullTextCapabilities {
  /** The condition a row of the index's table meets when it matches the search. */
  fullTextMatch(index: FullTextIndex, search: FullTextSearch): RawBuilder<boolean>;
  /**
   * The newest rows (by id, highest first) of this select on the index's table that match the search,
   * `count` at most: the page of an inbox. Each database finds them its fastest way.
   */
  newestFullTextMatches<DB, TB extends keyof DB, O extends object>(
    query: Select<DB, TB, O>,
    index: FullTextIndex,
    search: FullTextSearch,
    count: number,
  ): Promise<O[]>;
}

const fts5Prefixes = (words: readonly string[], operator: ' ' | ' OR ') =>
  words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(operator);

/**
 * The search as an SQLite FTS5 query over the index: every word a prefix, in any column but the endings
 * ("- {phone_endings} : ("priya"* "shop"*)"), or (OR) a substring as a prefix of the endings column.
 */
export function fts5Query(index: FullTextIndex, search: FullTextSearch): string {
  const lists = search.words.map((words) => fts5Prefixes(words, ' '));
  const terms = lists.length === 1 ? (lists[0] ?? '') : lists.map((list) => `(${list})`).join(' OR ');
  const endings = index.substrings?.endingsColumn;
  if (endings === undefined) return terms;
  const byWords = `- {${endings}} : (${terms})`;
  return search.substrings.length > 0
    ? `(${byWords}) OR ${endings} : (${fts5Prefixes(search.substrings, ' OR ')})`
    : byWords;
}

/** A word as a prefix lexeme of a tsquery: quoted, so that nothing in it is syntax. */
const lexemePrefix = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

/** The words of the search as a PostgreSQL tsquery's text: "('priya':* & 'shop':*) | (…)". */
export function tsqueryText(search: FullTextSearch): string {
  return search.words.map((words) => `(${words.map(lexemePrefix).join(' & ')})`).join(' | ');
}

function checkedName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad name in a full-text index: ${name}`);
  return name;
}

const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function sqliteMatch(index: FullTextIndex, search: FullTextSearch): RawBuilder<boolean> {
  const table = sql.raw(checkedName(index.table));
  const fts = sql.raw(checkedName(index.fts5Table));
  return sql<boolean>`${table}.id in (select rowid from ${fts} where ${fts} match ${fts5Query(index, search)})`;
}

/** On the table's columns, or a subquery's of the same names. */
function postgresMatch(index: FullTextIndex, search: FullTextSearch): RawBuilder<boolean> {
  const vector = sql.raw(checkedName(index.tsvectorColumn));
  const text = tsqueryText(search);
  const query = index.fold ? sql`${sql.raw(checkedName(index.fold))}(${text})` : sql`${text}`;
  const words = sql<boolean>`${vector} @@ to_tsquery('simple'::regconfig, ${query})`;
  const column = index.substrings?.column;
  if (column === undefined || search.substrings.length === 0) return words;
  const substrings = search.substrings.map(
    (part) => sql<boolean>`${sql.raw(checkedName(column))} like ${likeAnywhere(part)}`,
  );
  return sql<boolean>`(${sql.join([words, ...substrings], sql` or `)})`;
}

export const sqliteFullText: FullTextCapabilities = {
  fullTextMatch: sqliteMatch,
  // FTS5 reads its index for the words, then the rows by id: a page is the newest of those.
  newestFullTextMatches: (query, index, search, count) =>
    query
      .where(sqliteMatch(index, search))
      .orderBy(sql.ref(`${checkedName(index.table)}.id`), 'desc')
      .limit(count)
      .execute(),
};

/**
 * How many of a select's newest rows a page of a search looks through first on PostgreSQL: a word in
 * one row in 100 or more fills a page of 50 from them, in a few milliseconds, with no need to read every
 * row it is in; a rarer one is found through the index.
 */
const NEWEST_FIRST = 5000;

/** PostgreSQL's full-text search, which runs a page's two statements on `db`. */
export function postgresFullText<D>(db: Kysely<D>): FullTextCapabilities {
  return {
    fullTextMatch: postgresMatch,
    // PostgreSQL plans by how many rows it guesses the words are in, and cannot guess that for a
    // prefix: it would either read the index for every row a common word is in, or look through every
    // row, newest first, for a word none has. So: the select's newest rows first, which a common word
    // fills the page from; else the index, and the rows it gives sorted (id + 0: not in the primary
    // key's order, so not by looking through every row).
    async newestFullTextMatches<DB, TB extends keyof DB, O extends object>(
      query: Select<DB, TB, O>,
      index: FullTextIndex,
      search: FullTextSearch,
      count: number,
    ): Promise<O[]> {
      const match = postgresMatch(index, search);
      const id = sql.ref(`${checkedName(index.table)}.id`);
      const vector = checkedName(index.tsvectorColumn);
      const recent = query.select(sql.ref(vector).as(vector)).orderBy(id, 'desc').limit(NEWEST_FIRST);
      const { rows } = await sql<O>`select * from (${recent}) as recent
        where ${match} order by id desc limit ${count}`.execute(db);
      if (rows.length === count) {
        for (const row of rows) Reflect.deleteProperty(row, vector);
        return rows;
      }
      return query
        .where(match)
        .orderBy(sql`${id} + 0`, 'desc')
        .limit(count)
        .execute();
    },
  };
}

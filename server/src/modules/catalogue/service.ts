import type { Language } from '@framecraft/contracts/constants';
import { LIST_LIMIT, type CourseCard, type CourseKind, type ListSort, type PriceBand } from '@framecraft/contracts/catalogue';
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { jsonArray, type Json } from '../../shared/json-text.ts';
import { preparedQuery, rawRows } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import type { MemberRow } from '../session/index.ts';
import { catalogueType, course, courseTag, keywordGrams, searchGrams } from './tables.ts';

export type CourseRow = typeof course.$inferSelect;
export type TypeRow = typeof catalogueType.$inferSelect;

/** The text of a bilingual field in the request's language; English falls back to Chinese. */
export const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/** Lower-cased text the keyword search scans: titles, subtitles and tag names of both languages. */
export const searchTextOf = (parts: readonly string[]) => parts.filter(Boolean).join(' ').toLowerCase();

/** The columns a card needs (member pages that add their own fields to it). */
export const cardColumns = {
  id: course.id,
  kind: course.kind,
  titleZh: course.titleZh,
  titleEn: course.titleEn,
  subtitleZh: course.subtitleZh,
  subtitleEn: course.subtitleEn,
  cover: course.cover,
  price: course.price,
  originalPrice: course.originalPrice,
  vipFreeLevel: course.vipFreeLevel,
  vipPrice: course.vipPrice,
  sales: course.sales,
};
export type CardRow = { [K in keyof typeof cardColumns]: CourseRow[K] };

export function toCard(row: CardRow, lang: Language): CourseCard {
  return {
    id: row.id,
    kind: row.kind as CourseKind,
    title: pick(lang, row.titleZh, row.titleEn),
    subtitle: pick(lang, row.subtitleZh, row.subtitleEn),
    cover: row.cover,
    price: row.price,
    originalPrice: row.originalPrice,
    vipFreeLevel: row.vipFreeLevel,
    vipPrice: row.vipPrice,
    sales: row.sales,
  };
}

/** `pick` in SQL: the English text, or the Chinese one when there is none. */
export const pickSql = (lang: Language, zh: SQLWrapper, en: SQLWrapper): SQL => (lang === 'en' ? sql`coalesce(nullif(${en}, ''), ${zh})` : sql`${zh}`);

/** Each member of a card, as SQL over `table` (`course` or an alias of it; the compiler checks that every one is there). */
/** The columns a card is built from, of `course` or an alias of it. */
type CardTable = Record<'id' | 'kind' | 'titleZh' | 'titleEn' | 'subtitleZh' | 'subtitleEn' | 'cover' | 'price' | 'originalPrice' | 'vipFreeLevel' | 'vipPrice' | 'sales', SQLWrapper>;

const cardSql: { [K in keyof CourseCard]-?: (lang: Language, table: CardTable) => SQL } = {
  id: (_, t) => sql`${t.id}`,
  kind: (_, t) => sql`${t.kind}`,
  title: (lang, t) => pickSql(lang, t.titleZh, t.titleEn),
  subtitle: (lang, t) => pickSql(lang, t.subtitleZh, t.subtitleEn),
  cover: (_, t) => sql`${t.cover}`,
  price: (_, t) => sql`${t.price}`,
  originalPrice: (_, t) => sql`${t.originalPrice}`,
  vipFreeLevel: (_, t) => sql`${t.vipFreeLevel}`,
  vipPrice: (_, t) => sql`${t.vipPrice}`,
  sales: (_, t) => sql`${t.sales}`,
};

/** The SQL members of a card, to build a JSON object from (with more members for a detail). */
export const cardMembersSql = (lang: Language, table: CardTable = course): Record<keyof CourseCard, SQL> =>
  Object.fromEntries(Object.entries(cardSql).map(([key, member]) => [key, member(lang, table)])) as Record<keyof CourseCard, SQL>;

/**
 * A JSON object of SQL members, as compact JSON: `row_to_json` over a one-row select whose column
 * names are the keys (`json_build_object` would add a space around every colon and comma).
 */
export const jsonObjectSql = (members: Record<string, SQL>): SQL =>
  sql`(select row_to_json(j) from (select ${sql.join(
    Object.entries(members).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  )}) j)`;

/**
 * A JSON array of the rows `select` returns (in its order), each row an object of its named
 * columns; `[]` when there are none. Compact, like `jsonObjectSql`.
 */
export const jsonArraySql = (select: SQL): SQL => sql`array_to_json(array(select row_to_json(j) from (${select}) j))`;

/** A card as JSON text, built by the database (decision 053): no row objects, no re-serialising. */
export const cardJsonSql = (lang: Language): SQL<Json<CourseCard>> => sql<Json<CourseCard>>`${jsonObjectSql(cardMembersSql(lang))}::text`;

/** On sale: written as a constant, not a parameter, so prepared statements can use the partial banner index. */
export const onSale = sql`${course.status} = 'on_sale'`;

/** Enabled types, in display order. A small table: read whole. */
export async function enabledTypes(db: Db): Promise<TypeRow[]> {
  return db.select().from(catalogueType).where(eq(catalogueType.status, 1)).orderBy(desc(catalogueType.weigh), asc(catalogueType.id));
}

const priceCondition: Record<PriceBand, SQL> = {
  free: sql`${course.price} = 0`,
  paid: sql`${course.price} > 0`,
  vipFree: sql`${course.vipFreeLevel} > 0`,
};

const sortOrder: Record<ListSort, SQL[]> = {
  newest: [desc(course.createdAt), desc(course.id)],
  popular: [desc(course.sales), desc(course.id)],
  priceAsc: [asc(course.price), asc(course.id)],
  priceDesc: [desc(course.price), desc(course.id)],
};

/** Each sort as its leading column and direction (the id follows in the same direction). */
const sortColumn: Record<ListSort, { key: SQL; direction: SQL }> = {
  newest: { key: sql`${course.createdAt}`, direction: sql.raw('desc') },
  popular: { key: sql`${course.sales}`, direction: sql.raw('desc') },
  priceAsc: { key: sql`${course.price}`, direction: sql.raw('asc') },
  priceDesc: { key: sql`${course.price}`, direction: sql.raw('desc') },
};

/** LIKE pattern of a keyword: its own % _ \ match literally. */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether the trigram index can narrow a search for the keyword: pg_trgm takes trigrams only from
 * three letters or digits in a row (a two-letter 'ae', a one-character '夜' or 'a-b' give none,
 * and the index would return every row to be checked).
 */
const hasTrigram = (keyword: string) => /[\p{L}\p{N}]{3}/u.test(keyword);

/** The item's text has every gram of the keyword (what the gram index answers; decision 067). */
const holdsGrams = (keywordText: SQL) => sql`${searchGrams(course.searchText)} @> ${keywordGrams(keywordText)}`;

/**
 * A keyword without a trigram, through the gram index (decision 067): the rows whose words hold
 * every character and character pair of the keyword's words, the text itself confirming (`strpos`
 * is the LIKE's test; as a LIKE the planner would weigh the trigram index, which cannot narrow it).
 */
const gramMatch = (keywordText: SQL) => sql`${holdsGrams(keywordText)} and strpos(${course.searchText}, ${keywordText}) > 0`;

/** Search texts longer than this (bytes) are not in `course_newest_search_idx` (a btree entry holds ~2.7 KB). */
const INDEXED_SEARCH_TEXT_BYTES = 2000;
/**
 * How many of the newest rows a keyword search checks before it asks the trigram or gram index
 * instead. Checking a row in the walk's index costs ~0.25 µs; reading a match through the other
 * index, with its row, ~6 µs (decision 067, measured at 100 000 items). A keyword matching a share
 * `f` of the rows fills a page after 21/f rows of the walk, or costs f·N matches the other way: the
 * two meet near f ≈ 0.3 % at 100 000 items, ~7 000 rows. 6 000 rows take ~1.5 ms; a keyword of ~1 %
 * (~1 000 matches) now ends in the walk instead of ~6 ms in the index.
 */
export const SEARCH_WALK_ROWS = 6000;
/**
 * The same bound for a walk that reads the table for each row's text (another sort, or a filter):
 * ~1.5 µs a row, so the walk and the index meet near f ≈ 0.7 % at 100 000 items, ~3 000 rows
 * (decision 068).
 */
export const SEARCH_WALK_TABLE_ROWS = 3000;
/**
 * The newest rows that must hold a match before the walk is tried at all (decision 065). A keyword
 * with none in 500 rows is rarer than ~1 in 100 there, so 2 000 rows would hold ~4 matches where a
 * page needs 21: the walk would almost always end in the trigram index anyway. Misspellings and
 * words nobody sells pay 500 rows instead of 2 000; a common keyword stops at its first match.
 */
const SEARCH_PROBE_ROWS = 500;

export interface ListFilter {
  /** A type: its items and those of every enabled type below it (an unknown or disabled type matches nothing). */
  type?: number;
  kind?: CourseKind;
  price?: PriceBand;
  tag?: number;
  keyword?: string;
  snapshot?: number;
}

/** The keyword's placeholders: always a sub-select's value in the keyword walk (decision 055). */
const keywordParam = { pattern: sql.placeholder('keyword'), text: sql.placeholder('keywordText') };

/** A filter's, cursor's and page's values as a list statement takes them (placeholders, never part of the SQL text; decision 053). */
type ListValues = Record<'type' | 'kind' | 'tag' | 'keyword' | 'snapshot' | 'afterKey' | 'afterId' | 'skip' | 'depth', SQL>;

const VALUE_TYPES: Record<keyof ListValues, string> = {
  type: 'int',
  kind: 'text',
  tag: 'int',
  keyword: 'text',
  snapshot: 'int',
  afterKey: 'bigint',
  afterId: 'int',
  // A page by number: the rows it skips, and (with a type) how deep each type's scan reaches.
  skip: 'int',
  depth: 'int',
};

/**
 * The values of a list statement. A prepared statement (`hidden`) takes each as a sub-select's
 * value, which PostgreSQL cannot see when planning: its custom plans then cost what its generic
 * plan costs, so it keeps one generic plan for every cursor, page, tag and snapshot instead of
 * planning each request — a visible cursor or tag made it plan every execution (decisions 055,
 * 063). A statement planned per execution (keywords in another order, other page sizes) shows
 * its values to the planner.
 */
function listValues(hidden: boolean): ListValues {
  const entries = Object.entries(VALUE_TYPES).map(([name, type]) => {
    const value = sql`${sql.placeholder(name)}::${sql.raw(type)}`;
    return [name, hidden ? sql`(select ${value})` : value];
  });
  return Object.fromEntries(entries) as ListValues;
}
const HIDDEN_VALUES = listValues(true);
const VISIBLE_VALUES = listValues(false);

/**
 * The conditions of a filter that a sort's index serves (on sale, the kind, the snapshot); a
 * keyword's walk reads rows in order under these only (decision 068).
 */
function orderedConditions(filter: ListFilter, values: ListValues): SQL[] {
  const conditions: SQL[] = [onSale];
  if (filter.kind) conditions.push(sql`${course.kind} = ${values.kind}`);
  if (filter.snapshot !== undefined) conditions.push(sql`${course.id} <= ${values.snapshot}`);
  return conditions;
}

/** The conditions of a filter checked on each row: the price band and the tag. */
function rowConditions(filter: ListFilter, values: ListValues): SQL[] {
  const conditions: SQL[] = [];
  if (filter.price) conditions.push(priceCondition[filter.price]);
  if (filter.tag !== undefined) conditions.push(sql`exists (select 1 from ${courseTag} where ${courseTag.courseId} = ${course.id} and ${courseTag.tagId} = ${values.tag})`);
  return conditions;
}

/** The conditions of a filter (the type is handled by `typeAndDescendants`). */
function listConditions(filter: ListFilter, values: ListValues): SQL {
  const conditions = [...orderedConditions(filter, values), ...rowConditions(filter, values)];
  if (filter.keyword) {
    // Planned for its keyword (never hidden): in a type, the planner weighs the gram index against
    // the type's for a keyword without a trigram (decision 067).
    const like = sql`${course.searchText} like ${values.keyword}`;
    conditions.push(hasTrigram(filter.keyword) ? like : sql`${like} and ${holdsGrams(sql`${keywordParam.text}::text`)}`);
  }
  return and(...conditions)!;
}

/** The sort value a keyset cursor carries: an integer (microseconds since 1970 for the newest sort). */
const sortKey: Record<ListSort, SQL<string>> = {
  newest: sql<string>`(extract(epoch from ${course.createdAt}) * 1000000)::bigint::text`,
  popular: sql<string>`${course.sales}::text`,
  priceAsc: sql<string>`${course.price}::text`,
  priceDesc: sql<string>`${course.price}::text`,
};

/** Rows after the cursor in the sort's order (a row comparison the sort's index serves). */
function afterCursor(sort: ListSort, values: ListValues): SQL {
  const { afterKey: key, afterId: row } = values;
  switch (sort) {
    case 'newest':
      return sql`(${course.createdAt}, ${course.id}) < (to_timestamp(0) + ${key} * interval '1 microsecond', ${row})`;
    case 'popular':
      return sql`(${course.sales}, ${course.id}) < (${key}, ${row})`;
    case 'priceAsc':
      return sql`(${course.price}, ${course.id}) > (${key}, ${row})`;
    case 'priceDesc':
      return sql`(${course.price}, ${course.id}) < (${key}, ${row})`;
  }
}

/** A type and every enabled type below it, resolved by the database (no round trip of its own). */
const typeAndDescendants = (root: SQL) => sql`(with recursive sub(id) as (
  select ${catalogueType.id} from ${catalogueType} where ${catalogueType.id} = ${root} and ${catalogueType.status} = 1
  union
  select ${catalogueType.id} from ${catalogueType} join sub on ${catalogueType.pid} = sub.id where ${catalogueType.status} = 1
) select id from sub)`;

/**
 * The ids of the first `need` matches of a keyword search in the sort's order (decisions 055, 068),
 * by a plan that holds for every keyword, so the statement is prepared once instead of planned per
 * keyword:
 * - the first rows in the sort's order (with a kind, of that kind) are walked, the text checked on
 *   each, and a price band or a tag on the rows whose text matches: in the newest order index-only
 *   in `course_newest_search_idx`, otherwise in the sort's index with the table read for the text;
 * - the walk checks at most SEARCH_WALK_ROWS rows (index-only) or SEARCH_WALK_TABLE_ROWS; when those
 *   hold fewer than `need` matches, all matches are read through an index instead (materialised,
 *   so the planner cannot turn it back into the walk) and sorted: the trigram index, or for a
 *   keyword without a trigram (one or two characters) the gram index, the text confirming each
 *   row (decision 067). A keyword none of the first SEARCH_PROBE_ROWS rows hold skips the walk: it
 *   would almost never fill a page in the rest (decision 065);
 * - rows whose text is too long for the walk's index come from their own index.
 * The walk reads rows in the order the page is cut in, so its matches are the first ones whatever
 * the filter; a type's sub-types have no such order in one index, so a search in a type is
 * planned for its keyword instead (`listConditions`).
 * There may be more ids than `need` (long texts, a walk and its fallback): the caller sorts and cuts.
 */
function keywordIds(filter: ListFilter, sort: ListSort, values: ListValues, cursor: SQL | undefined, need: number): SQL {
  const order = sql.join(sortOrder[sort], sql`, `);
  const { key, direction } = sortColumn[sort];
  const indexed = sql`octet_length(${course.searchText}) <= ${sql.raw(String(INDEXED_SEARCH_TEXT_BYTES))}`;
  const long = sql`octet_length(${course.searchText}) > ${sql.raw(String(INDEXED_SEARCH_TEXT_BYTES))}`;
  const count = sql.raw(String(need));
  // The keyword reaches the plan only as a sub-select's value: a plan made for one keyword then costs
  // what the plan for any keyword costs, so PostgreSQL keeps the prepared statement's generic plan
  // whichever keywords come first (custom plans for rare ones would look cheaper and stay).
  const pattern = sql`(select ${keywordParam.pattern}::text)`;
  const matches = hasTrigram(filter.keyword ?? '') ? sql`${course.searchText} like ${pattern}` : gramMatch(sql`(select ${keywordParam.text}::text)`);
  // The walk reads rows in the sort's order under the conditions its index serves, so it reads at
  // most its bound; a price band or a tag is checked on the rows whose text matches.
  const ordered = and(...orderedConditions(filter, values), cursor)!;
  const perRow = rowConditions(filter, values);
  const base = and(ordered, ...perRow)!;
  const rowTest = (alias: string) =>
    perRow.length ? sql` and exists (select from ${course} where ${course.id} = ${sql.raw(alias)}.id and ${and(...perRow)})` : sql``;
  const indexOnly = sort === 'newest' && !filter.kind;
  const walkRows = sql.raw(String(Math.max(indexOnly ? SEARCH_WALK_ROWS : SEARCH_WALK_TABLE_ROWS, 4 * need)));
  const firstRows = (rows: SQL) => sql`select ${course.id} as id, ${key} as key, ${course.searchText} as search_text from ${course}
        where ${ordered} and ${indexed} order by ${order} limit ${rows}`;
  const probeRows = sql.raw(String(SEARCH_PROBE_ROWS));
  return sql`(with walked as (
      select w.id from (${firstRows(walkRows)}) w
      where w.search_text like ${pattern}${rowTest('w')} and exists (select from (${firstRows(probeRows)}) p where p.search_text like ${pattern}${rowTest('p')})
      order by w.key ${direction}, w.id ${direction} limit ${count}
    ), every_match as materialized (
      select ${course.id} as id, ${key} as key from ${course}
      where ${base} and ${matches} and (select count(*) from walked) < ${count}
    )
    select id from walked
    union all
    select ${course.id} from ${course} where ${base} and ${long} and ${matches}
    union all
    select id from (select id from every_match order by key ${direction}, id ${direction} limit ${count}) fallback)`;
}

export interface ListPageRequest {
  page: number;
  limit: number;
  /** Keyset cursor of the previous page (`next`); when set, `page` only labels the answer. */
  after?: string;
}

/** The rows before a page opened by its number (none when it follows a cursor). */
const pageOffset = (request: ListPageRequest) => (request.after ? 0 : (request.page - 1) * request.limit);

export interface ListPageResult {
  /** The page's cards, as JSON text built by the database. */
  cards: Json<CourseCard[]>;
  hasMore: boolean;
  next: string | null;
  snapshot: number;
}

/**
 * The list query of a shape. The page size is written in (a `LIMIT $1` makes PostgreSQL plan every
 * execution again, as it cannot know the count); what the storefront and crawlers send — the
 * default page size, page 1, a page by number or a cursor, any filter but a keyword in a type —
 * is a prepared statement with one generic plan (decisions 053, 063), its values hidden from the
 * planner (`listValues`). Other page sizes, keyword pages by number and keywords in a type (whose
 * plan depends on the keyword) are planned each time.
 */
function listStatement(db: Db, filter: ListFilter, sort: ListSort, request: ListPageRequest, lang: Language) {
  const byCursor = Boolean(request.after);
  const offset = pageOffset(request);
  const rows = request.limit + 1;
  // A keyword search has one plan for every keyword, whatever its sort and filters (decisions 055,
  // 068); in a type (its sub-types read by one scan each) the planner picks per keyword.
  const keywordWalk = Boolean(filter.keyword) && filter.type === undefined;
  const prepared = !(filter.keyword && (!keywordWalk || offset > 0)) && request.limit === LIST_LIMIT.default;
  const values = prepared ? HIDDEN_VALUES : VISIBLE_VALUES;
  const build = () => {
    // The newest id rides along as an init-plan column: one round trip instead of two (PGlite has one connection).
    const newest = filter.snapshot === undefined ? sql<number>`(select coalesce(max(id), 0)::int from ${course})` : sql<number>`${values.snapshot}`;
    if (keywordWalk) {
      const query = db
        .select({ id: course.id, card: cardJsonSql(lang).as('card'), newest: newest.as('newest'), sortKey: sortKey[sort].as('sort_key') })
        .from(course)
        .where(sql`${course.id} in ${keywordIds(filter, sort, values, byCursor ? afterCursor(sort, values) : undefined, offset + rows)}`)
        .orderBy(...sortOrder[sort])
        .limit(sql.raw(String(rows)) as unknown as number);
      return offset ? query.offset(sql.raw(String(offset)) as unknown as number) : query;
    }
    const conditions = [listConditions(filter, values)];
    if (byCursor) conditions.push(afterCursor(sort, values));
    const matching = and(...conditions)!;
    // The page's ids come first, so rows it skips or cuts are never turned into cards. A page by
    // number skips in the sort's index. With a type, one short index scan per type (a lateral join;
    // `type_id IN (…) ORDER BY … LIMIT` would read every row of all the types and sort them,
    // decision 043) reaches past the rows skipped and carries its sort value, and the page is cut
    // from the merged rows without reading them again.
    const { key, direction } = sortColumn[sort];
    const pageIds = (source: SQL) => sql`${course.id} in (${source} limit ${sql.raw(String(rows))} offset ${values.skip})`;
    const where =
      filter.type === undefined
        ? offset
          ? pageIds(sql`select ${course.id} from ${course} where ${matching} order by ${sql.join(sortOrder[sort], sql`, `)}`)
          : matching
        : pageIds(
            sql`select c.id from ${typeAndDescendants(values.type)} as t(id) cross join lateral (
              select ${course.id} as id, ${key} as key from ${course} where ${course.typeId} = t.id and ${matching}
              order by ${sql.join(sortOrder[sort], sql`, `)} limit ${values.depth}) c
            order by c.key ${direction}, c.id ${direction}`,
          );
    return db
      .select({ id: course.id, card: cardJsonSql(lang).as('card'), newest: newest.as('newest'), sortKey: sortKey[sort].as('sort_key') })
      .from(course)
      .where(where)
      .orderBy(...sortOrder[sort])
      .limit(sql.raw(String(rows)) as unknown as number);
  };
  if (!prepared) return build().prepare('');
  const keywordShape = keywordWalk ? (hasTrigram(filter.keyword!) ? 'trigram' : 'gram') : '';
  const shape = [lang, sort, filter.type !== undefined, filter.kind !== undefined, filter.price ?? '', filter.tag !== undefined, filter.snapshot !== undefined, byCursor, offset > 0, keywordShape].join('|');
  return preparedQuery(db, `catalogue.list|${shape}`, build);
}

/**
 * One page, newest id included for stable paging. No total: counting 100 000 rows on every
 * request costs more than the page itself, so the answer says whether another page follows
 * (one extra row is read) — enough for infinite scroll (decision 008). Pages after the first
 * follow the previous page's cursor, so page 500 costs what page 1 does (decision 043); opening a
 * page by its number (offset) stops at LIST_MAX_PAGE.
 */
export async function listCourses(db: Db, filter: ListFilter, sort: ListSort, request: ListPageRequest, lang: Language): Promise<ListPageResult> {
  const [afterKey, afterId] = request.after ? request.after.split('.') : [];
  const values = {
    type: filter.type,
    kind: filter.kind,
    tag: filter.tag,
    keyword: filter.keyword ? likePattern(filter.keyword) : undefined,
    keywordText: filter.keyword?.toLowerCase(),
    snapshot: filter.snapshot,
    afterKey,
    afterId: afterId === undefined ? undefined : Number(afterId),
    skip: pageOffset(request),
    depth: pageOffset(request) + request.limit + 1,
  };
  // Raw rows (`all`): the four columns need no mapping by Drizzle (decision 053).
  const rows = await rawRows<{ id: number; card: Json<CourseCard>; newest: number; sort_key: string }>(listStatement(db, filter, sort, request, lang), values);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const hasMore = rows.length > request.limit;
  return {
    cards: jsonArray(page.map((row) => row.card)),
    hasMore,
    next: hasMore && last ? `${last.sort_key}.${last.id}` : null,
    snapshot: rows[0]?.newest ?? filter.snapshot ?? 0,
  };
}

export async function findOnSale(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(course).where(and(eq(course.id, id), onSale)).limit(1);
  return row;
}

/** Whether the member's VIP is current (no expiry date = lifetime). */
export function vipLevelOf(member: MemberRow | undefined, now = new Date()): number {
  if (!member || member.vipLevel <= 0) return 0;
  return member.vipDate && member.vipDate.getTime() <= now.getTime() ? 0 : member.vipLevel;
}

/** The item is free for the member because of their VIP level. */
export const isVipCovered = (item: Pick<CourseRow, 'vipFreeLevel'>, vipLevel: number) =>
  item.vipFreeLevel > 0 && vipLevel >= item.vipFreeLevel;

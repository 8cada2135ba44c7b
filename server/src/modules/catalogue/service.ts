import type { Language } from '@framecraft/contracts/constants';
import type { CourseCard, CourseKind, ListSort, PriceBand } from '@framecraft/contracts/catalogue';
import { and, asc, desc, eq, exists, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MemberRow } from '../session/index.ts';
import { catalogueType, course, courseTag, tag } from './tables.ts';

export type CourseRow = typeof course.$inferSelect;
export type TypeRow = typeof catalogueType.$inferSelect;

/** The text of a bilingual field in the request's language; English falls back to Chinese. */
export const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/** Lower-cased text the keyword search scans: titles, subtitles and tag names of both languages. */
export const searchTextOf = (parts: readonly string[]) => parts.filter(Boolean).join(' ').toLowerCase();

/** The columns a list card needs (no description, no hidden fields). */
export const cardColumns = {
  id: course.id,
  kind: course.kind,
  typeId: course.typeId,
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
  views: course.views,
  favourites: course.favourites,
  createdAt: course.createdAt,
};
export type CardRow = { [K in keyof typeof cardColumns]: CourseRow[K] };

export function toCard(row: CardRow, lang: Language): CourseCard {
  return {
    id: row.id,
    kind: row.kind as CourseKind,
    typeId: row.typeId,
    title: pick(lang, row.titleZh, row.titleEn),
    subtitle: pick(lang, row.subtitleZh, row.subtitleEn),
    cover: row.cover,
    price: row.price,
    originalPrice: row.originalPrice,
    vipFreeLevel: row.vipFreeLevel,
    vipPrice: row.vipPrice,
    sales: row.sales,
    views: row.views,
    favourites: row.favourites,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export const onSale = eq(course.status, 'on_sale');

/** Enabled types, in display order. A small table: read whole. */
export async function enabledTypes(db: Db): Promise<TypeRow[]> {
  return db.select().from(catalogueType).where(eq(catalogueType.status, 1)).orderBy(desc(catalogueType.weigh), asc(catalogueType.id));
}

/** A type and every enabled type below it. */
export function withDescendants(types: readonly TypeRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const t of types) if (t.pid === ids[i]) ids.push(t.id);
  return ids;
}

const priceCondition: Record<PriceBand, SQL> = {
  free: eq(course.price, 0),
  paid: gt(course.price, 0),
  vipFree: gt(course.vipFreeLevel, 0),
};

const sortOrder: Record<ListSort, SQL[]> = {
  newest: [desc(course.createdAt), desc(course.id)],
  popular: [desc(course.sales), desc(course.id)],
  priceAsc: [asc(course.price), asc(course.id)],
  priceDesc: [desc(course.price), desc(course.id)],
};

/** LIKE pattern of a keyword: its own % _ \ match literally. */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  typeIds?: number[];
  kind?: CourseKind;
  price?: PriceBand;
  tag?: number;
  keyword?: string;
  snapshot?: number;
}

export function listConditions(filter: ListFilter): SQL {
  const conditions: SQL[] = [onSale];
  if (filter.typeIds) conditions.push(inArray(course.typeId, filter.typeIds));
  if (filter.kind) conditions.push(eq(course.kind, filter.kind));
  if (filter.price) conditions.push(priceCondition[filter.price]);
  if (filter.tag !== undefined) {
    const tagged = and(eq(courseTag.courseId, course.id), eq(courseTag.tagId, filter.tag));
    conditions.push(exists(sql`(select 1 from ${courseTag} where ${tagged})`));
  }
  if (filter.keyword) conditions.push(sql`${course.searchText} like ${likePattern(filter.keyword)}`);
  if (filter.snapshot !== undefined) conditions.push(lte(course.id, filter.snapshot));
  return and(...conditions)!;
}

/** The sort value a keyset cursor carries: an integer (microseconds since 1970 for the newest sort). */
const sortKey: Record<ListSort, SQL<string>> = {
  newest: sql<string>`(extract(epoch from ${course.createdAt}) * 1000000)::bigint::text`,
  popular: sql<string>`${course.sales}::text`,
  priceAsc: sql<string>`${course.price}::text`,
  priceDesc: sql<string>`${course.price}::text`,
};

/** Rows after the cursor `value.id` in the sort's order (a row comparison the sort's index serves). */
function afterCursor(sort: ListSort, cursor: string): SQL {
  const [value, id] = cursor.split('.') as [string, string];
  const key = BigInt(value);
  const row = sql`(${Number(id)}::int)`;
  switch (sort) {
    case 'newest':
      return sql`(${course.createdAt}, ${course.id}) < (to_timestamp(0) + ${key.toString()}::bigint * interval '1 microsecond', ${row})`;
    case 'popular':
      return sql`(${course.sales}, ${course.id}) < (${key.toString()}::bigint, ${row})`;
    case 'priceAsc':
      return sql`(${course.price}, ${course.id}) > (${key.toString()}::bigint, ${row})`;
    case 'priceDesc':
      return sql`(${course.price}, ${course.id}) < (${key.toString()}::bigint, ${row})`;
  }
}

/**
 * The ids of the first `count` rows of each type matching `where`, in `order` — one short index
 * scan per type (a lateral join), instead of reading every row of all the types and sorting them,
 * which `type_id IN (…) ORDER BY … LIMIT` costs when a type has sub-types.
 */
export function topPerType(typeIds: readonly number[], where: SQL, order: readonly SQL[], count: number): SQL {
  const ids = sql.join(
    typeIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`${course.id} in (select c.id from unnest(array[${ids}]) as t(id) cross join lateral (select ${course.id} as id from ${course} where ${course.typeId} = t.id and ${where} order by ${sql.join([...order], sql`, `)} limit ${count}) c)`;
}

export interface ListPageRequest {
  page: number;
  limit: number;
  /** Keyset cursor of the previous page (`next`); when set, `page` only labels the answer. */
  after?: string;
}

/**
 * One page, newest id included for stable paging. No total: counting 100 000 rows on every
 * request costs more than the page itself, so the answer says whether another page follows
 * (one extra row is read) — enough for infinite scroll (decision 008). Pages after the first
 * follow the previous page's cursor, so page 500 costs what page 1 does (decision 043); opening a
 * page by its number (offset) stops at LIST_MAX_PAGE.
 */
export async function listCourses(db: Db, filter: ListFilter, sort: ListSort, request: ListPageRequest) {
  // The newest id rides along as an init-plan column: one round trip instead of two (PGlite has one connection).
  const newest = filter.snapshot === undefined ? sql<number>`(select coalesce(max(id), 0)::int from ${course})` : sql<number>`${filter.snapshot}::int`;
  const { typeIds, ...rest } = filter;
  const conditions = [listConditions(rest)];
  if (request.after) conditions.push(afterCursor(sort, request.after));
  const matching = and(...conditions)!;
  const where =
    typeIds === undefined
      ? matching
      : typeIds.length <= 1
        ? and(matching, inArray(course.typeId, typeIds))!
        : topPerType(typeIds, matching, sortOrder[sort], request.limit + 1);
  const rows = await db
    .select({ ...cardColumns, newest, sortKey: sortKey[sort] })
    .from(course)
    .where(where)
    .orderBy(...sortOrder[sort])
    .limit(request.limit + 1)
    .offset(request.after ? 0 : (request.page - 1) * request.limit);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const hasMore = rows.length > request.limit;
  return {
    rows: page,
    hasMore,
    next: hasMore && last ? `${last.sortKey}.${last.id}` : null,
    snapshot: rows[0]?.newest ?? filter.snapshot ?? 0,
  };
}

export async function cardsByIds(db: Db, ids: readonly number[], lang: Language): Promise<Map<number, CourseCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(cardColumns).from(course).where(and(onSale, inArray(course.id, [...ids])));
  return new Map(rows.map((row) => [row.id, toCard(row, lang)]));
}

export async function findOnSale(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(course).where(and(eq(course.id, id), onSale)).limit(1);
  return row;
}

export async function tagsOf(db: Db, courseId: number, lang: Language) {
  const rows = await db
    .select({ id: tag.id, nameZh: tag.nameZh, nameEn: tag.nameEn })
    .from(courseTag)
    .innerJoin(tag, eq(tag.id, courseTag.tagId))
    .where(eq(courseTag.courseId, courseId))
    .orderBy(desc(tag.weigh), asc(tag.id));
  return rows.map((t) => ({ id: t.id, name: pick(lang, t.nameZh, t.nameEn) }));
}

/** Whether the member's VIP is current (no expiry date = lifetime). */
export function vipLevelOf(member: MemberRow | undefined, now = new Date()): number {
  if (!member || member.vipLevel <= 0) return 0;
  return member.vipDate && member.vipDate.getTime() <= now.getTime() ? 0 : member.vipLevel;
}

/** The item is free for the member because of their VIP level. */
export const isVipCovered = (item: Pick<CourseRow, 'vipFreeLevel'>, vipLevel: number) =>
  item.vipFreeLevel > 0 && vipLevel >= item.vipFreeLevel;

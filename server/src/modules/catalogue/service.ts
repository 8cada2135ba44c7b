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
type CardRow = { [K in keyof typeof cardColumns]: CourseRow[K] };

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

/**
 * One page, newest id included for stable paging. No total: counting 100 000 rows on every
 * request costs more than the page itself, so the answer says whether another page follows
 * (one extra row is read) — enough for infinite scroll (decision 008).
 */
export async function listCourses(db: Db, filter: ListFilter, sort: ListSort, page: number, limit: number) {
  // The newest id rides along as an init-plan column: one round trip instead of two (PGlite has one connection).
  const newest = filter.snapshot === undefined ? sql<number>`(select coalesce(max(id), 0)::int from ${course})` : sql<number>`${filter.snapshot}::int`;
  const rows = await db
    .select({ ...cardColumns, newest })
    .from(course)
    .where(listConditions(filter))
    .orderBy(...sortOrder[sort])
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, snapshot: rows[0]?.newest ?? filter.snapshot ?? 0 };
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

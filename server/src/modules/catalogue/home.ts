import type { CatalogueHome, NoticeDetail, TypeNode, VipTierInfo } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { sanitizeDescription } from './detail.ts';
import { type CardRow, cardColumns, enabledTypes, onSale, pick, toCard, topPerType, type TypeRow, withDescendants } from './service.ts';
import { course, notice, vipTier } from './tables.ts';

const SHELF_SIZE = 8;
const BANNER_SIZE = 5;
const NOTICE_COUNT = 5;
const newestFirst = [desc(course.createdAt), desc(course.id)];

/** An enabled notice inside its window (no start / no end = unlimited). */
const noticeShown = and(
  eq(notice.status, 1),
  sql`(${notice.startTime} is null or ${notice.startTime} <= now())`,
  sql`(${notice.endTime} is null or ${notice.endTime} > now())`,
);

export async function vipTiers(db: Db, lang: Language): Promise<VipTierInfo[]> {
  const rows = await db.select().from(vipTier).where(eq(vipTier.status, 1)).orderBy(desc(vipTier.weigh), asc(vipTier.level));
  return rows.map((t) => ({
    id: t.id,
    level: t.level,
    name: pick(lang, t.nameZh, t.nameEn),
    /** 0 = lifetime. */
    days: t.days,
    price: t.price,
    listPrice: t.listPrice,
    benefits: lang === 'en' && t.benefitsEn.length ? t.benefitsEn : t.benefitsZh,
  }));
}

/** The newest published notices (home page, member-centre overview). */
export async function latestNotices(db: Db, lang: Language, count = NOTICE_COUNT): Promise<{ id: number; title: string; publishTime: number }[]> {
  const rows = await db
    .select({ id: notice.id, titleZh: notice.titleZh, titleEn: notice.titleEn, publishTime: notice.publishTime })
    .from(notice)
    .where(noticeShown)
    .orderBy(desc(notice.weigh), desc(notice.publishTime), desc(notice.id))
    .limit(count);
  return rows.map((n) => ({ id: n.id, title: pick(lang, n.titleZh, n.titleEn), publishTime: Math.floor(n.publishTime.getTime() / 1000) }));
}

/** The name of a VIP level in the request's language ('' without a level or tier). */
export async function vipLevelName(db: Db, level: number, lang: Language): Promise<string> {
  if (level <= 0) return '';
  const [tier] = await db.select({ zh: vipTier.nameZh, en: vipTier.nameEn }).from(vipTier).where(eq(vipTier.level, level)).orderBy(desc(vipTier.weigh)).limit(1);
  return tier ? pick(lang, tier.zh, tier.en) : '';
}

/** Home sections: banner (highest weight), notices, latest, popular, a shelf per top-level type, VIP tiers. */
export async function homeSections(db: Db, lang: Language): Promise<CatalogueHome> {
  const types = await enabledTypes(db);
  const topTypes = types.filter((t) => t.pid === 0);
  const [banner, notices, latest, popular, shelves, tiers] = await Promise.all([
    db.select(cardColumns).from(course).where(and(onSale, gt(course.weigh, 0))).orderBy(desc(course.weigh), desc(course.id)).limit(BANNER_SIZE),
    latestNotices(db, lang),
    db.select(cardColumns).from(course).where(onSale).orderBy(...newestFirst).limit(SHELF_SIZE),
    db.select(cardColumns).from(course).where(onSale).orderBy(desc(course.sales), desc(course.id)).limit(SHELF_SIZE),
    shelfRows(db, types, topTypes),
    vipTiers(db, lang),
  ]);
  const cards = (rows: typeof latest) => rows.map((row) => toCard(row, lang));
  return {
    banner: cards(banner),
    notices,
    latest: cards(latest),
    popular: cards(popular),
    shelves: topTypes
      .map((t) => ({ type: { id: t.id, name: pick(lang, t.nameZh, t.nameEn), icon: t.icon, layout: t.layout }, items: cards(shelves.get(t.id) ?? []) }))
      .filter((shelf) => shelf.items.length > 0),
    vipTiers: tiers,
  };
}

/**
 * Every top-level type's shelf in one round trip: the newest items of each type and sub-type
 * (one short index scan per type, `topPerType`), grouped under their top-level type here. One
 * query instead of one per shelf keeps the uncached home to a handful of round trips (decision 043).
 */
async function shelfRows(db: Db, types: readonly TypeRow[], topTypes: readonly TypeRow[]) {
  const shelfOf = new Map<number, number>();
  for (const top of topTypes) for (const id of withDescendants(types, top.id)) shelfOf.set(id, top.id);
  const shelves = new Map<number, CardRow[]>();
  if (shelfOf.size === 0) return shelves;
  const rows = await db
    .select(cardColumns)
    .from(course)
    .where(topPerType([...shelfOf.keys()], onSale, newestFirst, SHELF_SIZE))
    .orderBy(...newestFirst);
  for (const row of rows) {
    const shelf = shelfOf.get(row.typeId)!;
    const items = shelves.get(shelf) ?? [];
    if (items.length < SHELF_SIZE) items.push(row);
    shelves.set(shelf, items);
  }
  return shelves;
}

/** The type tree for the list page's filter. */
export async function typeTree(db: Db, lang: Language): Promise<TypeNode[]> {
  const types = await enabledTypes(db);
  const nodes = new Map<number, TypeNode>(types.map((t) => [t.id, { id: t.id, name: pick(lang, t.nameZh, t.nameEn), icon: t.icon, layout: t.layout, children: [] }]));
  const roots: TypeNode[] = [];
  for (const t of types) (t.pid && nodes.get(t.pid) ? nodes.get(t.pid)!.children : roots).push(nodes.get(t.id)!);
  return roots;
}

/** A published notice; unpublished or unknown → translated not-found. */
export async function noticeDetail(db: Db, id: number, lang: Language): Promise<NoticeDetail> {
  const [row] = await db.select().from(notice).where(and(eq(notice.id, id), noticeShown)).limit(1);
  if (!row) throw new ApiError('catalogue.noticeNotFound', { data: { type: 'not found' } });
  return {
    id: row.id,
    title: pick(lang, row.titleZh, row.titleEn),
    content: sanitizeDescription(pick(lang, row.contentZh, row.contentEn)),
    publishTime: Math.floor(row.publishTime.getTime() / 1000),
  };
}

import type { CatalogueHome, NoticeDetail, TypeNode, VipTierInfo } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import type { CourseCard } from '@framecraft/contracts/catalogue';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery, rawRows } from '../../db/prepared.ts';
import { jsonArray, jsonObject, type Json } from '../../shared/json-text.ts';
import { ApiError } from '../../shared/errors.ts';
import { sanitizeDescription } from './detail.ts';
import { cardJsonSql, enabledTypes, jsonObjectSql, onSale, pick, pickSql } from './service.ts';
import { catalogueType, course, notice, vipTier } from './tables.ts';

const SHELF_SIZE = 8;
const BANNER_SIZE = 5;
const NOTICE_COUNT = 5;

/** An enabled notice inside its window (no start / no end = unlimited). */
const noticeShown = and(
  sql`${notice.status} = 1`,
  sql`(${notice.startTime} is null or ${notice.startTime} <= now())`,
  sql`(${notice.endTime} is null or ${notice.endTime} > now())`,
);

/** A VIP tier as the storefront shows it, in SQL over `vip` (the compiler checks every member). */
const tierSql = (lang: Language): SQL<Json<VipTierInfo>> =>
  sql<Json<VipTierInfo>>`${jsonObjectSql({
    id: sql`${vipTier.id}`,
    level: sql`${vipTier.level}`,
    name: pickSql(lang, vipTier.nameZh, vipTier.nameEn),
    /** 0 = lifetime. */
    days: sql`${vipTier.days}`,
    price: sql`${vipTier.price}`,
    listPrice: sql`${vipTier.listPrice}`,
    benefits: lang === 'en' ? sql`case when jsonb_array_length(${vipTier.benefitsEn}) > 0 then ${vipTier.benefitsEn} else ${vipTier.benefitsZh} end` : sql`${vipTier.benefitsZh}`,
  } satisfies { [K in keyof VipTierInfo]-?: SQL })}::text`;

/** The enabled VIP tiers, in display order, as JSON text (one prepared statement per language). */
export async function vipTiers(db: Db, lang: Language): Promise<Json<VipTierInfo[]>> {
  const rows = await preparedQuery(db, `catalogue.vipTiers|${lang}`, () =>
    db.select({ tier: tierSql(lang) }).from(vipTier).where(sql`${vipTier.status} = 1`).orderBy(desc(vipTier.weigh), asc(vipTier.level)),
  ).execute();
  return jsonArray(rows.map((row) => row.tier));
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

/** Sections of the home query: each row of it belongs to one. */
type HomeSection = 'banner' | 'latest' | 'popular' | 'shelf' | 'type' | 'notice' | 'tier';

/**
 * Every home section in one statement, prepared per language (decision 053): the cards, notices
 * and tiers come as JSON text built by the database. Each row says its section, its group (a
 * shelf card's top-level type; a top-level type's own id), its order and its JSON. A shelf is the
 * newest items of a top-level type and every enabled type below it: each type's newest few on
 * its index (a lateral join), ranked per top-level type, the first few kept.
 */
function homeStatement(db: Db, lang: Language) {
  return preparedQuery(db, `catalogue.home|${lang}`, () => {
    const card = cardJsonSql(lang);
    const rank = (order: SQL) => sql`row_number() over (order by ${order})`;
    const typeJson = jsonObjectSql({ id: sql`${catalogueType.id}`, name: pickSql(lang, catalogueType.nameZh, catalogueType.nameEn), icon: sql`${catalogueType.icon}`, layout: sql`${catalogueType.layout}` });
    const noticeJson = jsonObjectSql({ id: sql`${notice.id}`, title: pickSql(lang, notice.titleZh, notice.titleEn), publishTime: sql`floor(extract(epoch from ${notice.publishTime}))::int` });
    const newest = sql`${course.createdAt} desc, ${course.id} desc`;
    const sections = sql`
      (select 'banner' as section, 0 as grp, ${rank(sql`${course.weigh} desc, ${course.id} desc`)} as ord, ${card} as body
        from ${course} where ${onSale} and ${course.weigh} > 0 order by ${course.weigh} desc, ${course.id} desc limit ${sql.raw(String(BANNER_SIZE))})
      union all
      (select 'latest', 0, ${rank(newest)}, ${card} from ${course} where ${onSale} order by ${newest} limit ${sql.raw(String(SHELF_SIZE))})
      union all
      (select 'popular', 0, ${rank(sql`${course.sales} desc, ${course.id} desc`)}, ${card} from ${course} where ${onSale} order by ${course.sales} desc, ${course.id} desc limit ${sql.raw(String(SHELF_SIZE))})
      union all
      (with recursive tree(id, top) as (
          select ${catalogueType.id}, ${catalogueType.id} from ${catalogueType} where ${catalogueType.pid} = 0 and ${catalogueType.status} = 1
          union
          select ${catalogueType.id}, tree.top from ${catalogueType} join tree on ${catalogueType.pid} = tree.id where ${catalogueType.status} = 1
        ), ranked as (
          select tree.top, newest.id, row_number() over (partition by tree.top order by newest.create_time desc, newest.id desc) as rank
          from tree cross join lateral (
            select ${course.id} as id, ${course.createdAt} as create_time from ${course}
            where ${course.typeId} = tree.id and ${onSale} order by ${newest} limit ${sql.raw(String(SHELF_SIZE))}) newest
        )
        select 'shelf', ranked.top, ranked.rank, ${card} from ranked join ${course} on ${course.id} = ranked.id where ranked.rank <= ${sql.raw(String(SHELF_SIZE))})
      union all
      (select 'type', ${catalogueType.id}, ${rank(sql`${catalogueType.weigh} desc, ${catalogueType.id}`)}, ${typeJson}::text
        from ${catalogueType} where ${catalogueType.pid} = 0 and ${catalogueType.status} = 1)
      union all
      (select 'notice', 0, ${rank(sql`${notice.weigh} desc, ${notice.publishTime} desc, ${notice.id} desc`)}, ${noticeJson}::text
        from ${notice} where ${noticeShown} order by ${notice.weigh} desc, ${notice.publishTime} desc, ${notice.id} desc limit ${sql.raw(String(NOTICE_COUNT))})
      union all
      (select 'tier', 0, ${rank(sql`${vipTier.weigh} desc, ${vipTier.level}`)}, ${tierSql(lang)} from ${vipTier} where ${vipTier.status} = 1)`;
    return db
      .select({ section: sql<HomeSection>`section`, group: sql<number>`grp`, order: sql<number>`ord`, body: sql<string>`body` })
      .from(sql`(${sections}) as home`);
  });
}

/** Home sections: banner (highest weight), notices, latest, popular, a shelf per top-level type, VIP tiers. */
export async function homeSections(db: Db, lang: Language): Promise<Json<CatalogueHome>> {
  // Raw rows (`all`): some fifty, which need no mapping by Drizzle (decision 053).
  const rows = (await rawRows<{ section: HomeSection; grp: number; ord: number | string; body: string }>(homeStatement(db, lang))).map((row) => ({
    section: row.section,
    group: row.grp,
    order: Number(row.ord),
    body: row.body,
  }));
  // Rows in order once, then grouped by section (and the shelf cards by their top-level type).
  rows.sort((a, b) => a.order - b.order);
  const bySection = new Map<HomeSection, typeof rows>();
  const shelfCards = new Map<number, Json<CourseCard>[]>();
  const add = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const row of rows) {
    if (row.section === 'shelf') add(shelfCards, row.group, row.body as Json<CourseCard>);
    else add(bySection, row.section, row);
  }
  const bodies = <T>(section: HomeSection) => jsonArray((bySection.get(section) ?? []).map((row) => row.body as Json<T>));
  type Shelf = CatalogueHome['shelves'][number];
  const shelves = (bySection.get('type') ?? []).flatMap((type) => {
    const cards = shelfCards.get(type.group);
    return cards ? [jsonObject<Shelf>({ type: type.body as Json<Shelf['type']>, items: jsonArray(cards) })] : [];
  });
  return jsonObject<CatalogueHome>({
    banner: bodies('banner'),
    notices: bodies('notice'),
    latest: bodies('latest'),
    popular: bodies('popular'),
    shelves: jsonArray(shelves),
    vipTiers: bodies('tier'),
  });
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

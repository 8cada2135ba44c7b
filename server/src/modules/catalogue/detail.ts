import type { CourseDetail } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedQuery } from '../../db/prepared.ts';
import { jsonObject, mergeJsonObjects, toJson, type Json } from '../../shared/json-text.ts';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { canAccess, priceFor, pricingContextOf, type AccessItem } from '../commerce/index.ts';
import type { MemberRow } from '../session/index.ts';
import { cardMembersSql, isVipCovered, jsonArraySql, jsonObjectSql, onSale, pickSql, vipLevelOf } from './service.ts';
import { catalogueHomeVersion, catalogueType, chapter, collect, course, courseFile, courseTag, courseViews, lesson, tag } from './tables.ts';

const RELATED_LIMIT = 8;

/** An image source a description may keep: an uploaded file's path (`/storage/…`) or an http(s) URL. */
const SAFE_IMG_SRC = /^(\/(?!\/)[^\s"'<>\\]*|https?:\/\/[^\s"'<>\\]+)$/i;

/**
 * Rich text an admin wrote, reduced to formatting, links and images before it reaches a page.
 * An image stays only with a safe `src` (a site path such as an upload's `/storage/…`, or
 * http/https): `javascript:`, `data:`, protocol-relative and other sources drop the whole image;
 * event handlers and styles never pass.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'loading'] },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'http'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMG_SRC.test(frame.attribs.src ?? ''),
  });
}

/** Sanitised descriptions by their source text: a pure function's results, so never stale; bounded by size. */
const sanitizedBySource = new Map<string, string>();
let sanitizedChars = 0;
const SANITIZED_MAX_CHARS = 4_000_000;

/** `sanitizeDescription`, remembered for sources seen before (sanitising is the detail answer's dearest step). */
export function sanitizedDescription(html: string): string {
  const known = sanitizedBySource.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeDescription(html);
  sanitizedBySource.set(html, clean);
  sanitizedChars += html.length + clean.length;
  for (const [source, kept] of sanitizedBySource) {
    if (sanitizedChars <= SANITIZED_MAX_CHARS) break;
    sanitizedBySource.delete(source);
    sanitizedChars -= source.length + kept.length;
  }
  return clean;
}

export const courseNotFound = () => new ApiError('catalogue.notFound', { data: { type: 'not found' } });

/** A member with their loyalty rate (commerce's `memberRateInfo`), for their own price. */
export type PricedMember = MemberRow & { payRate?: number };

/** What the asking member's session changes in a detail answer (added per request, never cached). */
type MemberPart = Pick<CourseDetail, 'collected' | 'owned' | 'vipCovered' | 'access' | 'memberPrice'>;
/** An item's own counters: they change with every view and order, so they are read live. */
export type DetailCounters = Pick<CourseDetail, 'views' | 'sales'>;
/** The rest of a detail answer: the same for everybody (cached or held per item and language). */
type SharedPart = Omit<CourseDetail, keyof MemberPart | keyof DetailCounters>;

/** The part of a detail answer that is the same for everybody (cached or held per item and language). */
export interface PublicDetail {
  /** As JSON text: the database built it, the description was sanitised here. */
  json: Json<SharedPart>;
  /** As stored when read: the route adds the views its view counter has not written yet. */
  counters: DetailCounters;
  /** What the member-specific part is computed from (not sent). */
  item: AccessItem;
  /** The catalogue's version this was read at (decision 069); null if its counter row is missing. */
  version: string | null;
  /** False when it carries signed preview links, which are made per build and never held. */
  holdable: boolean;
}

/** A playable URL for a free-preview lesson whose video lives in a private root (an uploaded lesson). */
export type PreviewLinker = (lesson: { storage: string; objectKey: string }) => Promise<string | null>;

/** A whole detail answer as an object (tests and callers that need the values). */
export async function courseDetail(db: Db, id: number, lang: Language, member: PricedMember | undefined, previewLink?: PreviewLinker): Promise<CourseDetail> {
  return JSON.parse(await detailJson(db, await publicDetail(db, id, lang, previewLink), member)) as CourseDetail;
}

/** The answer of `GET /api/catalogue/detail`: the shared part, the counters and the member's part. */
export async function detailJson(db: Db, shared: PublicDetail, member: PricedMember | undefined, unwrittenViews = 0): Promise<Json<CourseDetail>> {
  const { views, sales } = shared.counters;
  const counters = jsonObject<DetailCounters>({ views: toJson(views + unwrittenViews), sales: toJson(sales) });
  return mergeJsonObjects(mergeJsonObjects(counters, shared.json), toJson(await memberPart(db, shared.item, member)));
}

/** The member's side of an item: favourite, and how commerce's one access check lets them reach it. */
async function memberPart(db: Db, item: AccessItem, member: PricedMember | undefined): Promise<MemberPart> {
  const [collected, access] = await Promise.all([
    member
      ? db.select({ id: collect.id }).from(collect).where(and(eq(collect.userId, member.id), eq(collect.courseId, item.id))).limit(1)
      : [],
    canAccess(db, member, item),
  ]);
  return {
    collected: collected.length > 0,
    owned: access === 'owned',
    vipCovered: isVipCovered(item, vipLevelOf(member)),
    access,
    memberPrice: member ? priceFor(item, pricingContextOf(member)) : null,
  };
}

/** The catalogue's version (decision 062's counter) as text; null if its row is missing (decision 069). */
export const catalogueVersionSql = sql<string | null>`(select ${catalogueHomeVersion.version}::text from ${catalogueHomeVersion} where ${catalogueHomeVersion.id} = 1)`;

/** An item's detail views as written (decision 070): none written yet is 0. */
export const viewsOf = (id: SQLWrapper) =>
  sql<number>`coalesce((select ${courseViews.views} from ${courseViews} where ${courseViews.courseId} = ${id}), 0)`;

const ordered = (weigh: SQL, id: SQL) => sql`order by ${weigh} desc, ${id}`;
const relatedItem = alias(course, 'related');

/**
 * An on-sale item with its syllabus, files (never their URLs) and related items, in one prepared
 * statement per language whose answer the database builds as JSON (decision 053). Only the
 * description is finished here (sanitised), and the link of a free preview kept in a private root
 * (signed).
 */
function detailStatement(db: Db, lang: Language) {
  return preparedQuery(db, `catalogue.detail|${lang}`, () => {
    const freePreview = sql`${lesson.freePreview} = 1`;
    const { sales: _liveCounter, ...card } = cardMembersSql(lang);
    const shared: { [K in Exclude<keyof SharedPart, 'description'>]-?: SQL } = {
      ...card,
      gallery: sql`${course.gallery}`,
      previewVideo: sql`${course.previewVideo}`,
      type: jsonObjectSql({ id: sql`${catalogueType.id}`, name: pickSql(lang, catalogueType.nameZh, catalogueType.nameEn), layout: sql`${catalogueType.layout}` }),
      tags: jsonArraySql(
        sql`select ${tag.id} as id, ${pickSql(lang, tag.nameZh, tag.nameEn)} as name from ${courseTag} join ${tag} on ${tag.id} = ${courseTag.tagId}
            where ${courseTag.courseId} = ${course.id} ${ordered(sql`${tag.weigh}`, sql`${tag.id}`)}`,
      ),
      chapters: jsonArraySql(
        sql`select ${chapter.id} as id, ${pickSql(lang, chapter.titleZh, chapter.titleEn)} as title, ${jsonArraySql(
          // Only free previews play for everybody: a public clip here, a private upload signed below.
          sql`select ${lesson.id} as id, ${pickSql(lang, lesson.titleZh, lesson.titleEn)} as title, ${lesson.duration} as duration,
                ${freePreview} as "freePreview", case when ${freePreview} and ${lesson.video} <> '' then ${lesson.video} end as video
              from ${lesson} where ${lesson.chapterId} = ${chapter.id} and ${lesson.courseId} = ${course.id} ${ordered(sql`${lesson.weigh}`, sql`${lesson.id}`)}`,
        )} as lessons
            from ${chapter} where ${chapter.courseId} = ${course.id} ${ordered(sql`${chapter.weigh}`, sql`${chapter.id}`)}`,
      ),
      files: jsonArraySql(
        sql`select ${courseFile.id} as id, ${courseFile.name} as name, ${courseFile.size} as size, ${courseFile.format} as format
            from ${courseFile} where ${courseFile.courseId} = ${course.id} ${ordered(sql`${courseFile.weigh}`, sql`${courseFile.id}`)}`,
      ),
      related: sql`array_to_json(array(select ${jsonObjectSql(cardMembersSql(lang, relatedItem))} from ${course} as related
            where ${relatedItem.status} = 'on_sale' and ${relatedItem.typeId} = ${course.typeId} and ${relatedItem.id} <> ${course.id}
            order by ${relatedItem.sales} desc, ${relatedItem.id} desc limit ${sql.raw(String(RELATED_LIMIT))}))`,
    };
    const privatePreviews = jsonArraySql(
      sql`select ${lesson.id} as id, ${lesson.storage} as storage, ${lesson.objectKey} as "objectKey" from ${lesson}
          where ${lesson.courseId} = ${course.id} and ${freePreview} and ${lesson.video} = '' and ${lesson.objectKey} <> ''`,
    );
    return db
      .select({
        shared: sql<Json<Omit<SharedPart, 'description'>>>`${jsonObjectSql(shared)}::text`,
        description: sql<string>`${pickSql(lang, course.descriptionZh, course.descriptionEn)}`,
        privatePreviews: sql<string>`${privatePreviews}::text`,
        views: viewsOf(course.id),
        sales: course.sales,
        // Read in the same statement, so the answer is exactly this version's (decision 069).
        version: catalogueVersionSql,
        id: course.id,
        price: course.price,
        vipFreeLevel: course.vipFreeLevel,
        vipPrice: course.vipPrice,
      })
      .from(course)
      .leftJoin(catalogueType, eq(catalogueType.id, course.typeId))
      .where(and(eq(course.id, sql.placeholder('id')), onSale));
  });
}

export async function publicDetail(db: Db, id: number, lang: Language, previewLink?: PreviewLinker): Promise<PublicDetail> {
  const [row] = await detailStatement(db, lang).execute({ id });
  if (!row) throw courseNotFound();
  let json = mergeJsonObjects(jsonObject<Pick<SharedPart, 'description'>>({ description: toJson(sanitizedDescription(row.description)) }), row.shared);
  const privatePreviews = JSON.parse(row.privatePreviews) as { id: number; storage: string; objectKey: string }[];
  const signed = privatePreviews.length > 0 && previewLink !== undefined;
  if (signed) json = await withSignedPreviews(json, privatePreviews, previewLink);
  return {
    json,
    counters: { views: row.views, sales: row.sales },
    item: { id: row.id, price: row.price, vipFreeLevel: row.vipFreeLevel, vipPrice: row.vipPrice },
    version: row.version,
    holdable: !signed,
  };
}

/** Free previews uploaded to a private root play through a signed link (rare: parsed and written again). */
async function withSignedPreviews(json: Json<SharedPart>, previews: { id: number; storage: string; objectKey: string }[], previewLink: PreviewLinker) {
  const links = new Map(await Promise.all(previews.map(async (p) => [p.id, await previewLink(p)] as const)));
  const answer = JSON.parse(json) as SharedPart;
  for (const lessonRow of answer.chapters.flatMap((c) => c.lessons)) if (links.has(lessonRow.id)) lessonRow.video = links.get(lessonRow.id) ?? null;
  return toJson(answer);
}

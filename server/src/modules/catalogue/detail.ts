import type { CourseDetail, DETAIL_LAYOUTS } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { canAccess, priceFor, pricingContextOf, type AccessItem } from '../commerce/index.ts';
import type { MemberRow } from '../session/index.ts';
import { cardColumns, findOnSale, isVipCovered, onSale, pick, tagsOf, toCard, vipLevelOf } from './service.ts';
import { catalogueType, chapter, collect, course, courseFile, lesson } from './tables.ts';

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

export const courseNotFound = () => new ApiError('catalogue.notFound', { data: { type: 'not found' } });

/** A member with their loyalty rate (commerce's `memberRateInfo`), for their own price. */
export type PricedMember = MemberRow & { payRate?: number };

/** The part of a detail answer that is the same for everybody (cached per item and language). */
export interface PublicDetail {
  answer: Omit<CourseDetail, 'collected' | 'owned' | 'vipCovered' | 'access' | 'memberPrice'>;
  /** What the member-specific part is computed from (not sent). */
  item: AccessItem;
}

/**
 * An on-sale item with its syllabus, files (never their URLs) and related items; what the member's
 * session changes (collected, owned, vipCovered) is added by `memberDetail`. Views as stored: the
 * route adds those its view counter has not written yet.
 */
/** A playable URL for a free-preview lesson whose video lives in a private root (an uploaded lesson). */
export type PreviewLinker = (lesson: { storage: string; objectKey: string }) => Promise<string | null>;

export async function courseDetail(db: Db, id: number, lang: Language, member: PricedMember | undefined, previewLink?: PreviewLinker): Promise<CourseDetail> {
  return memberDetail(db, await publicDetail(db, id, lang, previewLink), member);
}

/** The member's side of an item: favourite, and how commerce's one access check lets them reach it. */
export async function memberDetail(db: Db, { answer, item }: PublicDetail, member: PricedMember | undefined): Promise<CourseDetail> {
  const [collected, access] = await Promise.all([
    member
      ? db.select({ id: collect.id }).from(collect).where(and(eq(collect.userId, member.id), eq(collect.courseId, item.id))).limit(1)
      : [],
    canAccess(db, member, item),
  ]);
  return {
    ...answer,
    collected: collected.length > 0,
    owned: access === 'owned',
    vipCovered: isVipCovered(item, vipLevelOf(member)),
    access,
    memberPrice: member ? priceFor(item, pricingContextOf(member)) : null,
  };
}

export async function publicDetail(db: Db, id: number, lang: Language, previewLink?: PreviewLinker): Promise<PublicDetail> {
  const item = await findOnSale(db, id);
  if (!item) throw courseNotFound();
  const [[type], tags, chapters, lessons, files, related] = await Promise.all([
    db.select().from(catalogueType).where(eq(catalogueType.id, item.typeId)).limit(1),
    tagsOf(db, id, lang),
    db.select().from(chapter).where(eq(chapter.courseId, id)).orderBy(desc(chapter.weigh), asc(chapter.id)),
    db.select().from(lesson).where(eq(lesson.courseId, id)).orderBy(desc(lesson.weigh), asc(lesson.id)),
    db
      .select({ id: courseFile.id, name: courseFile.name, size: courseFile.size, format: courseFile.format })
      .from(courseFile)
      .where(eq(courseFile.courseId, id))
      .orderBy(desc(courseFile.weigh), asc(courseFile.id)),
    db
      .select(cardColumns)
      .from(course)
      .where(and(onSale, eq(course.typeId, item.typeId), ne(course.id, id)))
      .orderBy(desc(course.sales), desc(course.id))
      .limit(RELATED_LIMIT),
  ]);
  // Free previews play for everybody: a public clip as it is, a private upload through a signed link.
  const previewUrls = new Map<number, string | null>();
  for (const l of lessons) {
    if (l.freePreview !== 1) continue;
    previewUrls.set(l.id, l.video || (l.objectKey && previewLink ? await previewLink(l) : null));
  }
  const answer: PublicDetail['answer'] = {
    ...toCard(item, lang),
    views: item.views,
    description: sanitizeDescription(pick(lang, item.descriptionZh, item.descriptionEn)),
    gallery: item.gallery,
    previewVideo: item.previewVideo,
    type: type ? { id: type.id, name: pick(lang, type.nameZh, type.nameEn), layout: type.layout as (typeof DETAIL_LAYOUTS)[number] } : null,
    tags,
    chapters: chapters.map((c) => ({
      id: c.id,
      title: pick(lang, c.titleZh, c.titleEn),
      lessons: lessons
        .filter((l) => l.chapterId === c.id)
        .map((l) => ({
          id: l.id,
          title: pick(lang, l.titleZh, l.titleEn),
          duration: l.duration,
          freePreview: l.freePreview === 1,
          // Only free previews play for everybody; the rest is delivered to owners (commerce issue).
          video: previewUrls.get(l.id) ?? null,
        })),
    })),
    files,
    related: related.map((row) => toCard(row, lang)),
  };
  return { answer, item: { id: item.id, price: item.price, vipFreeLevel: item.vipFreeLevel, vipPrice: item.vipPrice } };
}

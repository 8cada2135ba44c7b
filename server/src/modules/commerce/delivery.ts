/**
 * Delivery (decision 031): what the member owns, with files and lessons, and the short-lived
 * signed link to one file or lesson, given only after the one access check.
 */
import type { Language } from '@framecraft/contracts/constants';
import type { Purchase } from '@framecraft/contracts/commerce';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapter, course, courseFile, lesson } from '../../db/schema.ts';
import { ApiError } from '../../shared/errors.ts';
import { canAccess, type AccessMember } from './access.ts';
import { ownership, shopOrder } from './tables.ts';

const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/** Owned items (paid orders), newest first, each with its files and lessons. */
export async function listPurchases(db: Db, userId: number, lang: Language, page: number, limit: number) {
  const where = eq(ownership.userId, userId);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(ownership).where(where),
    db
      .select({ own: ownership, item: course, orderNo: shopOrder.orderNo })
      .from(ownership)
      .innerJoin(course, eq(course.id, ownership.courseId))
      .leftJoin(shopOrder, eq(shopOrder.id, ownership.orderId))
      .where(where)
      .orderBy(desc(ownership.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const ids = rows.map((r) => r.item.id);
  const [files, lessons, chapters] = ids.length
    ? await Promise.all([
        db.select().from(courseFile).where(inArray(courseFile.courseId, ids)).orderBy(desc(courseFile.weigh), asc(courseFile.id)),
        db.select().from(lesson).where(inArray(lesson.courseId, ids)).orderBy(desc(lesson.weigh), asc(lesson.id)),
        db.select().from(chapter).where(inArray(chapter.courseId, ids)).orderBy(desc(chapter.weigh), asc(chapter.id)),
      ])
    : [[], [], []];
  const chapterTitle = new Map(chapters.map((c) => [c.id, pick(lang, c.titleZh, c.titleEn)]));
  const chapterRank = new Map(chapters.map((c, index) => [c.id, index]));
  const list = rows.map(
    ({ own, item, orderNo }): Purchase => ({
      item: { id: item.id, kind: item.kind as 'material' | 'course', title: pick(lang, item.titleZh, item.titleEn), cover: item.cover },
      access: 'owned',
      order_no: orderNo,
      purchase_time: Math.floor(own.createdAt.getTime() / 1000),
      files: files.filter((f) => f.courseId === item.id).map((f) => ({ id: f.id, name: f.name, size: f.size, format: f.format })),
      lessons: lessons
        .filter((l) => l.courseId === item.id)
        .sort((a, b) => (chapterRank.get(a.chapterId) ?? 0) - (chapterRank.get(b.chapterId) ?? 0))
        .map((l) => ({ id: l.id, chapter: chapterTitle.get(l.chapterId) ?? '', title: pick(lang, l.titleZh, l.titleEn), duration: l.duration })),
    }),
  );
  return { list, total: Number(counted?.total ?? 0), page, limit };
}

/** What a link is for, once the member's access is proven. */
export interface DeliveryTarget {
  memberId: number;
  itemId: number;
  kind: 'file' | 'lesson';
  id: number;
  /** Where the file / video lives (decision 024): storage name and object key. */
  storage: string;
  objectKey: string;
  /** Original file name (content-disposition) for files. */
  name: string;
}


/**
 * The access check of `POST /api/purchase/link`: the item exists, the file/lesson belongs to it,
 * and the member owns it, has VIP access or it is free (a free-preview lesson is open to all).
 * Whatever id of another item or member is tried, nothing is signed without it.
 */
export async function deliveryTarget(
  db: Db,
  member: AccessMember,
  input: { item_id: number; file_id?: number; lesson_id?: number },
): Promise<DeliveryTarget> {
  const [item] = await db.select().from(course).where(eq(course.id, input.item_id)).limit(1);
  if (!item) throw new ApiError('commerce.itemNotFound');
  let target: DeliveryTarget;
  let freePreview = false;
  if (input.file_id !== undefined) {
    const [file] = await db.select().from(courseFile).where(and(eq(courseFile.id, input.file_id), eq(courseFile.courseId, item.id)));
    if (!file) throw new ApiError('commerce.fileNotFound');
    target = { memberId: member.id, itemId: item.id, kind: 'file', id: file.id, storage: file.storage, objectKey: file.objectKey, name: file.name };
  } else {
    const [row] = await db.select().from(lesson).where(and(eq(lesson.id, input.lesson_id!), eq(lesson.courseId, item.id)));
    if (!row) throw new ApiError('commerce.lessonNotFound');
    freePreview = row.freePreview === 1;
    target = { memberId: member.id, itemId: item.id, kind: 'lesson', id: row.id, storage: row.storage, objectKey: row.objectKey, name: `${row.titleZh}.mp4` };
  }
  if (!freePreview && (await canAccess(db, member, item)) === 'none') throw new ApiError('commerce.notOwned');
  return target;
}

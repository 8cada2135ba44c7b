/**
 * Delivery (decision 031): what the member owns, with files and lessons, and the short-lived
 * signed link to one file or lesson, given only after the one access check.
 */
import type { Language } from '@framecraft/contracts/constants';
import type { Purchase } from '@framecraft/contracts/commerce';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { canAccess, type AccessMember } from './access.ts';
import { itemSource } from './items.ts';
import { ownership, shopOrder } from './tables.ts';

const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/** Owned items (paid orders), newest first, each with its files and lessons. */
export async function listPurchases(db: Db, userId: number, lang: Language, page: number, limit: number) {
  const where = eq(ownership.userId, userId);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(ownership).where(where),
    db
      .select({ own: ownership, orderNo: shopOrder.orderNo })
      .from(ownership)
      .leftJoin(shopOrder, eq(shopOrder.id, ownership.orderId))
      .where(where)
      .orderBy(desc(ownership.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  // The items and their files and lessons, all at once (items are only ever soft-deleted, so every owned one is found).
  const ids = rows.map((r) => r.own.courseId);
  const source = itemSource();
  const [items, deliverables] = await Promise.all([source.items(db, ids), source.deliverables(db, ids)]);
  const list = rows.flatMap(({ own, orderNo }): Purchase[] => {
    const item = items.get(own.courseId);
    if (!item) return [];
    const { files, lessons } = deliverables.get(item.id) ?? { files: [], lessons: [] };
    return [
      {
        item: { id: item.id, kind: item.kind as 'material' | 'course', title: pick(lang, item.titleZh, item.titleEn), cover: item.cover },
        access: 'owned',
        order_no: orderNo,
        purchase_time: Math.floor(own.createdAt.getTime() / 1000),
        files,
        lessons: lessons.map((l) => ({ id: l.id, chapter: pick(lang, l.chapterZh, l.chapterEn), title: pick(lang, l.titleZh, l.titleEn), duration: l.duration })),
      },
    ];
  });
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
  const source = itemSource();
  const item = (await source.items(db, [input.item_id])).get(input.item_id);
  if (!item) throw new ApiError('commerce.itemNotFound');
  let target: DeliveryTarget;
  let freePreview = false;
  if (input.file_id !== undefined) {
    const file = await source.file(db, item.id, input.file_id);
    if (!file) throw new ApiError('commerce.fileNotFound');
    target = { memberId: member.id, itemId: item.id, kind: 'file', id: file.id, storage: file.storage, objectKey: file.objectKey, name: file.name };
  } else {
    const row = await source.lesson(db, item.id, input.lesson_id!);
    if (!row) throw new ApiError('commerce.lessonNotFound');
    freePreview = row.freePreview;
    target = { memberId: member.id, itemId: item.id, kind: 'lesson', id: row.id, storage: row.storage, objectKey: row.objectKey, name: `${row.titleZh}.mp4` };
  }
  if (!freePreview && (await canAccess(db, member, item)) === 'none') throw new ApiError('commerce.notOwned');
  return target;
}

/**
 * The catalogue's items as commerce reads them (decision 033, follow-up 2): commerce declares the
 * item source it needs (`CommerceItemSource`) and app.ts registers this one, so commerce never
 * reads the catalogue's tables. Each function is the query commerce ran itself before, batched by ids.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CommerceItem, CommerceItemSource, ItemDeliverables } from '../commerce/index.ts';
import { chapter, course, courseFile, lesson } from './tables.ts';

const itemColumns = {
  id: course.id,
  kind: course.kind,
  typeId: course.typeId,
  titleZh: course.titleZh,
  titleEn: course.titleEn,
  cover: course.cover,
  price: course.price,
  vipFreeLevel: course.vipFreeLevel,
  vipPrice: course.vipPrice,
  status: course.status,
};

async function items(db: Db, ids: readonly number[]): Promise<Map<number, CommerceItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(itemColumns).from(course).where(inArray(course.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

async function addSales(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(course).set({ sales: sql`${course.sales} + 1` }).where(inArray(course.id, [...ids]));
}

async function deliverables(db: Db, ids: readonly number[]): Promise<Map<number, ItemDeliverables>> {
  const map = new Map<number, ItemDeliverables>(ids.map((id) => [id, { files: [], lessons: [] }]));
  if (ids.length === 0) return map;
  const [files, lessons, chapters] = await Promise.all([
    db.select().from(courseFile).where(inArray(courseFile.courseId, [...ids])).orderBy(desc(courseFile.weigh), asc(courseFile.id)),
    db.select().from(lesson).where(inArray(lesson.courseId, [...ids])).orderBy(desc(lesson.weigh), asc(lesson.id)),
    db.select().from(chapter).where(inArray(chapter.courseId, [...ids])).orderBy(desc(chapter.weigh), asc(chapter.id)),
  ]);
  const chapterOf = new Map(chapters.map((c, rank) => [c.id, { rank, titleZh: c.titleZh, titleEn: c.titleEn }]));
  for (const f of files) map.get(f.courseId)?.files.push({ id: f.id, name: f.name, size: f.size, format: f.format });
  // Lessons in the order of their chapters (a lesson of a missing chapter ranks first), then their own.
  const ordered = [...lessons].sort((a, b) => (chapterOf.get(a.chapterId)?.rank ?? 0) - (chapterOf.get(b.chapterId)?.rank ?? 0));
  for (const l of ordered) {
    const c = chapterOf.get(l.chapterId);
    map.get(l.courseId)?.lessons.push({ id: l.id, chapterZh: c?.titleZh ?? '', chapterEn: c?.titleEn ?? '', titleZh: l.titleZh, titleEn: l.titleEn, duration: l.duration });
  }
  return map;
}

async function file(db: Db, itemId: number, fileId: number) {
  const [row] = await db
    .select({ id: courseFile.id, name: courseFile.name, storage: courseFile.storage, objectKey: courseFile.objectKey })
    .from(courseFile)
    .where(and(eq(courseFile.id, fileId), eq(courseFile.courseId, itemId)));
  return row;
}

async function lessonOf(db: Db, itemId: number, lessonId: number) {
  const [row] = await db
    .select({ id: lesson.id, titleZh: lesson.titleZh, freePreview: lesson.freePreview, storage: lesson.storage, objectKey: lesson.objectKey })
    .from(lesson)
    .where(and(eq(lesson.id, lessonId), eq(lesson.courseId, itemId)));
  return row && { ...row, freePreview: row.freePreview === 1 };
}

/** Registered with commerce by app.ts (`registerItemSource`). */
export const catalogueItemSource: CommerceItemSource = { items, addSales, deliverables, file, lesson: lessonOf, relationTable: course };

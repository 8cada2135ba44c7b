/**
 * The item editor's service (decision 041): load an item with its syllabus and files, save it
 * (add, or edit guarded by its version), soft-delete it.
 */
import type { EditorChapter, EditorFile, EditorItem, ItemSave } from '@framecraft/contracts/catalogue-admin';
import type { CourseKind, CourseStatus } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../shared/errors.ts';
import { sanitizeDescription } from '../detail.ts';
import { searchTextOf } from '../service.ts';
import { catalogueType, chapter, course, courseFile, courseTag, lesson, tag } from '../tables.ts';
import { fieldError, resolveUploads } from './attachments.ts';
import { checkOwnership, ownedIds, writeSyllabus } from './syllabus.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export const itemNotFound = () => new ApiError('items.notFound');
const notDeleted = isNull(course.deletedAt);
const toFile = (f: typeof courseFile.$inferSelect): EditorFile => ({ id: f.id, name: f.name, size: f.size, format: f.format });

export async function loadEditorItem(db: Db, id: number): Promise<EditorItem> {
  const [item] = await db.select().from(course).where(and(eq(course.id, id), notDeleted)).limit(1);
  if (!item) throw itemNotFound();
  const [tags, chapters, lessons, files] = await Promise.all([
    db.select({ name: tag.nameZh }).from(courseTag).innerJoin(tag, eq(tag.id, courseTag.tagId)).where(eq(courseTag.courseId, id)).orderBy(asc(tag.id)),
    db.select().from(chapter).where(eq(chapter.courseId, id)).orderBy(desc(chapter.weigh), asc(chapter.id)),
    db.select().from(lesson).where(eq(lesson.courseId, id)).orderBy(desc(lesson.weigh), asc(lesson.id)),
    db.select().from(courseFile).where(eq(courseFile.courseId, id)).orderBy(desc(courseFile.weigh), asc(courseFile.id)),
  ]);
  const syllabus: EditorChapter[] = chapters.map((c) => ({
    id: c.id,
    title_zh: c.titleZh,
    title_en: c.titleEn,
    lessons: lessons
      .filter((l) => l.chapterId === c.id)
      .map((l) => ({
        id: l.id,
        title_zh: l.titleZh,
        title_en: l.titleEn,
        free_preview: l.freePreview === 1,
        duration: l.duration,
        has_video: Boolean(l.objectKey || l.video),
        attachments: files.filter((f) => f.lessonId === l.id).map(toFile),
      })),
  }));
  return {
    id: item.id,
    version: item.version,
    kind: item.kind as CourseKind,
    type_id: item.typeId,
    title_zh: item.titleZh,
    title_en: item.titleEn,
    subtitle_zh: item.subtitleZh,
    subtitle_en: item.subtitleEn,
    description_zh: item.descriptionZh,
    description_en: item.descriptionEn,
    cover: item.cover,
    gallery: item.gallery,
    preview_video: item.previewVideo,
    tags: tags.map((t) => t.name),
    price: item.price,
    original_price: item.originalPrice,
    vip_free_level: item.vipFreeLevel,
    vip_price: item.vipPrice,
    status: item.status as CourseStatus,
    weigh: item.weigh,
    seo_title: item.seoTitle,
    seo_description: item.seoDescription,
    chapters: syllabus,
    files: files.filter((f) => f.lessonId === 0).map(toFile),
    update_time: Math.floor(item.updatedAt.getTime() / 1000),
  };
}

/** Tag ids for the names, creating the missing ones (unique on the Chinese name). */
async function tagIds(tx: Tx, names: string[]): Promise<{ id: number; nameZh: string; nameEn: string }[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  await tx.insert(tag).values(unique.map((nameZh) => ({ nameZh }))).onConflictDoNothing({ target: tag.nameZh });
  return tx.select({ id: tag.id, nameZh: tag.nameZh, nameEn: tag.nameEn }).from(tag).where(inArray(tag.nameZh, unique));
}

/** Column values of the item itself: prices already in cents, descriptions sanitised, one VIP rule. */
function itemValues(input: ItemSave, tags: { nameZh: string; nameEn: string }[]) {
  return {
    kind: input.kind,
    typeId: input.type_id,
    titleZh: input.title_zh,
    titleEn: input.title_en,
    subtitleZh: input.subtitle_zh,
    subtitleEn: input.subtitle_en,
    descriptionZh: sanitizeDescription(input.description_zh),
    descriptionEn: sanitizeDescription(input.description_en),
    cover: input.cover,
    gallery: input.gallery,
    previewVideo: input.preview_video,
    price: input.price,
    originalPrice: input.original_price,
    vipFreeLevel: input.vip_rule === 'free' ? input.vip_free_level : 0,
    vipPrice: input.vip_rule === 'price' ? input.vip_price : null,
    status: input.status,
    weigh: input.weigh,
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    searchText: searchTextOf([input.title_zh, input.title_en, input.subtitle_zh, input.subtitle_en, ...tags.flatMap((t) => [t.nameZh, t.nameEn])]),
  };
}

/** Lock the item's row and compare its version with the one the editor loaded. */
async function lockVersion(tx: Tx, id: number, version: number): Promise<void> {
  const [row] = await tx.select({ version: course.version }).from(course).where(and(eq(course.id, id), notDeleted)).for('update');
  if (!row) throw itemNotFound();
  if (row.version !== version) throw new ApiError('items.versionConflict', { data: { type: 'version conflict' } });
}

/**
 * Add (no `id`) or edit an item with its syllabus and files in one transaction. An edit names the
 * version the editor loaded; the update is guarded on it, so the later of two concurrent saves is
 * refused with `items.versionConflict` instead of overwriting the earlier one.
 */
export async function saveItem(app: FastifyInstance, input: ItemSave & { id?: number; version?: number }, lang: Language) {
  const db = app.deps.db;
  const [type] = await db.select({ id: catalogueType.id }).from(catalogueType).where(eq(catalogueType.id, input.type_id)).limit(1);
  if (!type) throw fieldError(lang, 'type_id', 'items.typeMissing');
  const uploads = await resolveUploads(app, input, lang);
  const saved = await db.transaction(async (tx) => {
    // An item changed since the editor loaded it is a conflict, whatever else the save names.
    if (input.id !== undefined) await lockVersion(tx, input.id, input.version ?? 0);
    checkOwnership(input, input.id === undefined ? { chapters: new Set(), lessons: new Set(), files: new Set() } : await ownedIds(tx, input.id), lang);
    const tags = await tagIds(tx, input.tags);
    const values = itemValues(input, tags);
    let row: { id: number; version: number } | undefined;
    if (input.id === undefined) {
      [row] = await tx.insert(course).values(values).returning({ id: course.id, version: course.version });
    } else {
      [row] = await tx
        .update(course)
        .set({ ...values, version: sql`${course.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(course.id, input.id), eq(course.version, input.version ?? 0), notDeleted))
        .returning({ id: course.id, version: course.version });
      if (!row) {
        const [exists] = await tx.select({ id: course.id }).from(course).where(and(eq(course.id, input.id), notDeleted));
        throw exists ? new ApiError('items.versionConflict', { data: { type: 'version conflict' } }) : itemNotFound();
      }
    }
    await tx.delete(courseTag).where(eq(courseTag.courseId, row!.id));
    if (tags.length) await tx.insert(courseTag).values(tags.map((t) => ({ courseId: row!.id, tagId: t.id })));
    await writeSyllabus(tx, row!.id, input, uploads);
    return row!;
  });
  // After the commit: every instance drops its cached public answers (decision 021).
  app.invalidateCatalogue();
  return saved;
}

/**
 * Soft delete (decision 041): the item goes off sale and out of the back office, its row, files
 * and lessons stay — buyers keep what they bought (commerce delivery reads them by id).
 */
export async function softDeleteItems(app: FastifyInstance, ids: number[]): Promise<number> {
  const rows = await app.deps.db
    .update(course)
    .set({ deletedAt: sql`now()`, status: 'off_sale', version: sql`${course.version} + 1`, updatedAt: sql`now()` })
    .where(and(inArray(course.id, ids), notDeleted))
    .returning({ id: course.id });
  app.invalidateCatalogue();
  return rows.length;
}

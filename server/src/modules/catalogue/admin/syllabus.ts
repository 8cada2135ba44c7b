/**
 * Chapters → lessons → attachments and the item's files, written as the editor shows them, in the
 * item save's transaction. Rows named by id must already belong to this item (a chapter cannot be
 * moved under another item); rows left out are removed; order becomes `weigh` (highest first,
 * as the storefront sorts).
 */
import type { ItemSave } from '@framecraft/contracts/catalogue-admin';
import type { Language } from '@framecraft/contracts/constants';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chapter, courseFile, lesson } from '../tables.ts';
import { fieldError, type ResolvedUploads } from './attachments.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type FileInput = ItemSave['files'][number];

export interface OwnedIds {
  chapters: Set<number>;
  lessons: Set<number>;
  files: Set<number>;
}

export async function ownedIds(db: Db | Tx, courseId: number): Promise<OwnedIds> {
  const [c, l, f] = await Promise.all([
    db.select({ id: chapter.id }).from(chapter).where(eq(chapter.courseId, courseId)),
    db.select({ id: lesson.id }).from(lesson).where(eq(lesson.courseId, courseId)),
    db.select({ id: courseFile.id }).from(courseFile).where(eq(courseFile.courseId, courseId)),
  ]);
  return { chapters: new Set(c.map((r) => r.id)), lessons: new Set(l.map((r) => r.id)), files: new Set(f.map((r) => r.id)) };
}

/** Every id in the input is one of this item's rows; else a field message names it. */
export function checkOwnership(input: ItemSave, owned: OwnedIds, lang: Language): void {
  const fileCheck = (f: FileInput, path: string) => {
    if (f.id !== undefined && !owned.files.has(f.id)) throw fieldError(lang, `${path}.id`, 'items.fileOtherItem');
    if (f.id === undefined && f.attachment_id === undefined) throw fieldError(lang, `${path}.attachment_id`, 'items.attachmentMissing');
  };
  input.files.forEach((f, i) => fileCheck(f, `files.${i}`));
  input.chapters.forEach((c, ci) => {
    if (c.id !== undefined && !owned.chapters.has(c.id)) throw fieldError(lang, `chapters.${ci}.id`, 'items.chapterOtherItem');
    c.lessons.forEach((l, li) => {
      const at = `chapters.${ci}.lessons.${li}`;
      if (l.id !== undefined && !owned.lessons.has(l.id)) throw fieldError(lang, `${at}.id`, 'items.lessonOtherItem');
      l.attachments.forEach((a, ai) => fileCheck(a, `${at}.attachments.${ai}`));
    });
  });
}

async function keepOnly(tx: Tx, courseId: number, table: typeof chapter | typeof lesson | typeof courseFile, kept: number[]) {
  const where = kept.length ? and(eq(table.courseId, courseId), notInArray(table.id, kept)) : eq(table.courseId, courseId);
  await tx.delete(table).where(where);
}

async function writeFiles(tx: Tx, courseId: number, lessonId: number, files: FileInput[], uploads: ResolvedUploads, kept: number[]) {
  for (const [index, f] of files.entries()) {
    const stored = f.attachment_id ? uploads.objects.get(f.attachment_id) : undefined;
    const values = { courseId, lessonId, name: f.name, weigh: files.length - index, ...(stored ?? {}) };
    if (f.id !== undefined) {
      await tx.update(courseFile).set(values).where(eq(courseFile.id, f.id));
      kept.push(f.id);
    } else {
      const [row] = await tx.insert(courseFile).values(values).returning({ id: courseFile.id });
      kept.push(row!.id);
    }
  }
}

export async function writeSyllabus(tx: Tx, courseId: number, input: ItemSave, uploads: ResolvedUploads): Promise<void> {
  const keptChapters: number[] = [];
  const keptLessons: number[] = [];
  const keptFiles: number[] = [];
  for (const [ci, c] of input.chapters.entries()) {
    const chapterValues = { courseId, titleZh: c.title_zh, titleEn: c.title_en, weigh: input.chapters.length - ci };
    let chapterId = c.id;
    if (chapterId !== undefined) await tx.update(chapter).set(chapterValues).where(eq(chapter.id, chapterId));
    else chapterId = (await tx.insert(chapter).values(chapterValues).returning({ id: chapter.id }))[0]!.id;
    keptChapters.push(chapterId);
    for (const [li, l] of c.lessons.entries()) {
      const video = l.video_attachment_id ? uploads.objects.get(l.video_attachment_id) : undefined;
      const lessonValues = {
        courseId,
        chapterId,
        titleZh: l.title_zh,
        titleEn: l.title_en,
        freePreview: l.free_preview ? 1 : 0,
        weigh: c.lessons.length - li,
        // A new upload replaces the video: private object, duration from the file, no public clip.
        ...(video ? { storage: video.storage, objectKey: video.objectKey, video: '', duration: uploads.durations.get(l.video_attachment_id!) ?? 0 } : {}),
      };
      let lessonId = l.id;
      if (lessonId !== undefined) await tx.update(lesson).set(lessonValues).where(eq(lesson.id, lessonId));
      else lessonId = (await tx.insert(lesson).values(lessonValues).returning({ id: lesson.id }))[0]!.id;
      keptLessons.push(lessonId);
      await writeFiles(tx, courseId, lessonId, l.attachments, uploads, keptFiles);
    }
  }
  await writeFiles(tx, courseId, 0, input.files, uploads, keptFiles);
  await keepOnly(tx, courseId, courseFile, keptFiles);
  await keepOnly(tx, courseId, lesson, keptLessons);
  await keepOnly(tx, courseId, chapter, keptChapters);
}

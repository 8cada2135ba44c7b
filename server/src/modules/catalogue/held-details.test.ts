import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { DETAIL_COUNTERS_LAG_MS } from './held-details.ts';
import { catalogueHomeVersion, catalogueType, chapter, course, courseFile, courseTag, lesson, tag } from './tables.ts';
import { catalogueClient } from './test-kit.ts';

interface Card {
  id: number;
  title: string;
  sales: number;
}
interface Detail extends Card {
  views: number;
  type: { name: string };
  tags: { id: number; name: string }[];
  chapters: { title: string; lessons: { id: number; title: string; video: string | null }[] }[];
  files: { name: string }[];
  related: Card[];
}

/** Decision 069: with the cache off, a process holds the detail answers it built while the catalogue's version stays theirs. */
describe('held detail answers', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  let item: typeof course.$inferSelect;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
    // An item of the demo shop with chapters, files, tags and related items.
    const [row] = await db()
      .select()
      .from(course)
      .where(and(eq(course.kind, 'course'), eq(course.status, 'on_sale'), sql`exists (select from ${courseTag} where ${courseTag.courseId} = ${course.id})`))
      .orderBy(asc(course.id))
      .limit(1);
    item = row!;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const detail = async (id = item.id, lang = 'en') => {
    const answer = await api.call('GET', `/api/catalogue/detail?id=${id}`, { lang });
    expect(answer.code, answer.msg).toBe(1);
    return answer.data as Detail;
  };
  const version = async () => (await db().select().from(catalogueHomeVersion))[0]!.version;
  const later = (ms: number) => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  };

  it('is served again while the catalogue is unchanged, with the item’s own counters live', async () => {
    const first = await detail();
    expect(first.related.length).toBeGreaterThan(1);
    const before = await version();
    // Counters are not changes: the last related item now outsells the others, and the item sold more.
    const last = first.related.at(-1)!;
    await db().update(course).set({ sales: 1_000_000 }).where(eq(course.id, last.id));
    await db().update(course).set({ sales: item.sales + 7 }).where(eq(course.id, item.id));
    expect(await version()).toBe(before);

    const second = await detail();
    expect(second.related.map((card) => card.id)).toEqual(first.related.map((card) => card.id));
    expect(second.related.at(-1)!.sales).toBe(last.sales);
    expect(second.sales).toBe(item.sales + 7);
    expect(second.views).toBe(first.views + 1);
  });

  it('brings its related cards’ sales up to date once they may lag no longer', async () => {
    const held = await detail();
    const outselling = held.related.at(-1)!;
    later(DETAIL_COUNTERS_LAG_MS - 1_000);
    expect((await detail()).related.at(-1)!.id).toBe(outselling.id);
    // Past the lag, the held answer is served once more while one build behind it refreshes it.
    later(DETAIL_COUNTERS_LAG_MS + 1_000);
    await expect.poll(async () => (await detail()).related[0]).toMatchObject({ id: outselling.id, sales: 1_000_000 });
  });

  it('shows a change to anything a detail shows at once, however it was written', async () => {
    await detail();
    await detail(item.id, 'zh-cn');
    const [firstChapter] = await db().select().from(chapter).where(eq(chapter.courseId, item.id)).orderBy(asc(chapter.id)).limit(1);
    const [firstLesson] = await db().select().from(lesson).where(eq(lesson.chapterId, firstChapter!.id)).orderBy(asc(lesson.id)).limit(1);
    const [file] = await db().select().from(courseFile).where(eq(courseFile.courseId, item.id)).limit(1);
    const [itemTag] = await db().select().from(courseTag).where(eq(courseTag.courseId, item.id)).limit(1);

    await db().update(chapter).set({ titleEn: 'Chapter renamed by SQL' }).where(eq(chapter.id, firstChapter!.id));
    expect((await detail()).chapters.map((c) => c.title)).toContain('Chapter renamed by SQL');
    await db().update(lesson).set({ titleEn: 'Lesson renamed by SQL' }).where(eq(lesson.id, firstLesson!.id));
    expect((await detail()).chapters.flatMap((c) => c.lessons).map((l) => l.title)).toContain('Lesson renamed by SQL');
    await db().update(courseFile).set({ name: 'renamed-by-sql.zip' }).where(eq(courseFile.id, file!.id));
    expect((await detail()).files.map((f) => f.name)).toContain('renamed-by-sql.zip');
    await db().update(tag).set({ nameEn: 'Tag renamed by SQL' }).where(eq(tag.id, itemTag!.tagId));
    expect((await detail()).tags.map((t) => t.name)).toContain('Tag renamed by SQL');
    await db().delete(courseTag).where(and(eq(courseTag.courseId, item.id), eq(courseTag.tagId, itemTag!.tagId)));
    expect((await detail()).tags.map((t) => t.id)).not.toContain(itemTag!.tagId);
    await db().update(catalogueType).set({ nameEn: 'Type renamed by SQL' }).where(eq(catalogueType.id, item.typeId));
    expect((await detail()).type.name).toBe('Type renamed by SQL');
    // Another item's edit shows on this item's related cards; the other language was held too.
    const related = (await detail()).related[0]!;
    await db().update(course).set({ titleEn: 'Related renamed by SQL', titleZh: '改名的相关商品' }).where(eq(course.id, related.id));
    expect((await detail()).related.find((card) => card.id === related.id)!.title).toBe('Related renamed by SQL');
    expect((await detail(item.id, 'zh-cn')).related.find((card) => card.id === related.id)!.title).toBe('改名的相关商品');
  });

  it('answers “not found” as soon as the item is taken off sale', async () => {
    await detail();
    await db().update(course).set({ status: 'off_sale' }).where(eq(course.id, item.id));
    const answer = await api.call('GET', `/api/catalogue/detail?id=${item.id}`);
    expect(answer.code).toBe(0);
    await db().update(course).set({ status: 'on_sale' }).where(eq(course.id, item.id));
    expect((await detail()).id).toBe(item.id);
  });

  it('never holds an answer with signed preview links: each is signed when served', async () => {
    const [previewLesson] = await db()
      .select()
      .from(lesson)
      .where(and(eq(lesson.courseId, item.id), eq(lesson.freePreview, 1)))
      .limit(1);
    await db().update(lesson).set({ video: '', storage: 'local_private', objectKey: 'previews/held-test.mp4' }).where(eq(lesson.id, previewLesson!.id));
    const videoOf = async () => (await detail()).chapters.flatMap((c) => c.lessons).find((l) => l.id === previewLesson!.id)!.video;
    const first = await videoOf();
    expect(first).toContain('/download/');
    later(10_000);
    const second = await videoOf();
    expect(second).not.toBe(first);
  });
});

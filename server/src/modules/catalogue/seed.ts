import { DEMO_LESSON_KEY, DEMO_PREVIEW_URL, DEMO_PRIVATE_STORAGE, demoSampleKey, demoSampleSize } from './demo-media.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { artUrl, random } from './art.ts';
import { DEMO_NOTICES, DEMO_TAGS, DEMO_TYPES, DEMO_VIP, type DemoType } from './seed-data.ts';
import { searchTextOf } from './service.ts';
import { catalogueType, chapter, course, courseFile, courseTag, courseViews, lesson, notice, tag, vipTier } from './tables.ts';

export interface CatalogueSeedOptions {
  log?: (line: string) => void;
  /** Top the catalogue up to this many items (benchmarks); the demo shop alone otherwise. */
  items?: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CourseInsert = typeof course.$inferInsert;

const PRICES = [0, 990, 1990, 2990, 4990, 9900, 19900, 29900];
const DAY_MS = 86_400_000;
const BATCH = 1000;
const MATERIAL_FORMATS: Record<string, [string, string][]> = {
  drama: [['mp4', '竖屏镜头'], ['mov', 'ProRes 原片']],
  broll: [['mp4', '4K 镜头'], ['mov', 'ProRes 原片']],
  lut: [['cube', 'LUT'], ['pdf', '使用说明']],
  sound: [['wav', '音轨'], ['mp3', '试听版']],
  template: [['aep', 'AE 工程'], ['zip', '素材包']],
};

const formatsOf = (type: DemoType) => MATERIAL_FORMATS[type.parent ?? type.key] ?? [['zip', '素材包']];

function describe(type: DemoType, zh: string, en: string) {
  return {
    zh: `<h2>${zh}</h2><p>${type.zh}精选内容，适合短剧、广告与自媒体创作。</p><ul><li>高清画质，开箱即用</li><li>购买后永久下载</li><li>可用于商业项目</li></ul>`,
    en: `<h2>${en}</h2><p>Hand-picked ${type.en.toLowerCase()} for short dramas, ads and creators.</p><ul><li>High resolution, ready to use</li><li>Download for ever once bought</li><li>Cleared for commercial work</li></ul>`,
  };
}

/** One item's row and its views from a subject; `n` makes benchmark copies distinct. */
function itemRow(type: DemoType, typeId: number, subject: [string, string], n: number, tagNames: [string, string][]): { row: CourseInsert; views: number } {
  const next = random(n + 1);
  const price = PRICES[Math.floor(next() * PRICES.length)]!;
  const copy = n >= 1000 ? ` #${n}` : '';
  const [zh, en] = [subject[0] + copy, subject[1] + copy];
  const subtitle = type.kind === 'course'
    ? { zh: `${type.zh} · 系统课程，边学边做`, en: `${type.en} · a hands-on course` }
    : { zh: `${type.zh} · 高清素材，商用无忧`, en: `${type.en} · high-resolution, cleared for commercial use` };
  const vipRoll = next();
  const description = describe(type, zh, en);
  // Drawn in the order they always were, so the demo shop stays the same.
  const originalPrice = price > 0 && next() < 0.6 ? Math.round((price * 1.6) / 100) * 100 : 0;
  const vipFreeLevel = price > 0 && vipRoll < 0.35 ? 1 + Math.floor(next() * 3) : 0;
  const sales = Math.floor(next() ** 2 * 5000);
  const views = Math.floor(next() * 50_000);
  const row: CourseInsert = {
    kind: type.kind,
    typeId,
    titleZh: zh,
    titleEn: en,
    subtitleZh: subtitle.zh,
    subtitleEn: subtitle.en,
    cover: artUrl(n),
    gallery: type.kind === 'material' ? [artUrl(n + 100_000), artUrl(n + 200_000), artUrl(n + 300_000)] : [],
    // Demo items (not benchmark copies) get the trailer, so course pages open on a playable video.
    previewVideo: n < 1000 && type.kind === 'course' ? DEMO_PREVIEW_URL : '',
    descriptionZh: description.zh,
    descriptionEn: description.en,
    price,
    originalPrice,
    vipFreeLevel,
    vipPrice: price > 0 && vipRoll >= 0.35 && vipRoll < 0.6 ? Math.round(price * 0.7) : null,
    status: 'on_sale',
    sales,
    favourites: 0,
    weigh: n < 1000 && next() < 0.07 ? 1 + Math.floor(next() * 10) : 0,
    searchText: searchTextOf([zh, en, subtitle.zh, subtitle.en, ...tagNames.flat()]),
    createdAt: new Date(Date.now() - Math.floor(next() * 180 * DAY_MS)),
  };
  // Views live in their own table (decision 070).
  return { row, views };
}

async function insertTypes(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, t] of DEMO_TYPES.entries()) {
    const [row] = await tx
      .insert(catalogueType)
      .values({ pid: t.parent ? ids.get(t.parent)! : 0, nameZh: t.zh, nameEn: t.en, icon: t.icon, layout: t.kind, weigh: DEMO_TYPES.length - i })
      .returning({ id: catalogueType.id });
    ids.set(t.key, row!.id);
  }
  return ids;
}

/** A demo file row's real content: a small sample in the private root (decision 024). */
const demoFile = (format: string) => ({ size: demoSampleSize(format), storage: DEMO_PRIVATE_STORAGE, objectKey: demoSampleKey(format) });

/** Chapters, lessons and files of the demo items (not of benchmark copies). */
async function insertContents(tx: Tx, items: { id: number; type: DemoType; n: number }[]) {
  const files: (typeof courseFile.$inferInsert)[] = [];
  const chapters: (typeof chapter.$inferInsert & { lessons: number })[] = [];
  for (const { id, type, n } of items) {
    const next = random(n + 7);
    if (type.kind === 'material') {
      const formats = formatsOf(type);
      const count = 3 + Math.floor(next() * 6);
      for (let f = 0; f < count; f++) {
        const [format, label] = formats[f % formats.length]!;
        next(); // (was the made-up size) keeps the demo shop's random sequence as it was
        files.push({ courseId: id, name: `${label}-${String(f + 1).padStart(2, '0')}.${format}`, format, weigh: count - f, ...demoFile(format) });
      }
    } else {
      const count = 3 + Math.floor(next() * 3);
      for (let c = 0; c < count; c++) chapters.push({ courseId: id, titleZh: `第 ${c + 1} 章`, titleEn: `Chapter ${c + 1}`, weigh: count - c, lessons: 3 + Math.floor(next() * 3) });
      next();
      files.push({ courseId: id, name: '课程素材.zip', format: 'zip', ...demoFile('zip') });
    }
  }
  if (files.length) await tx.insert(courseFile).values(files);
  if (!chapters.length) return;
  const chapterRows = await tx
    .insert(chapter)
    .values(chapters.map(({ lessons: _, ...c }) => c))
    .returning({ id: chapter.id, courseId: chapter.courseId });
  const lessons: (typeof lesson.$inferInsert)[] = [];
  chapterRows.forEach((row, c) => {
    const count = chapters[c]!.lessons;
    for (let l = 0; l < count; l++) {
      const first = c === 0 || chapters[c - 1]!.courseId !== row.courseId;
      lessons.push({
        chapterId: row.id,
        courseId: row.courseId,
        titleZh: `第 ${l + 1} 节：${['概念讲解', '案例演示', '动手练习', '常见问题', '作业讲评'][l % 5]}`,
        titleEn: `Lesson ${l + 1}: ${['Concepts', 'Worked example', 'Practice', 'Common pitfalls', 'Review'][l % 5]}`,
        // Every demo lesson plays the demo clip; the detail call shows it only for free previews and owners.
        video: DEMO_PREVIEW_URL,
        storage: DEMO_PRIVATE_STORAGE,
        objectKey: DEMO_LESSON_KEY,
        duration: 180 + ((row.id * 37 + l * 101) % 900),
        freePreview: first && l === 0 ? 1 : 0,
        weigh: count - l,
      });
    }
  });
  await tx.insert(lesson).values(lessons);
}

async function insertItems(tx: Tx, typeIds: Map<string, number>, tagIds: Map<string, number>, from: number, to: number) {
  const typesWithItems = DEMO_TYPES.filter((t) => t.subjects.length);
  const subjects = typesWithItems.flatMap((type) => type.subjects.map((subject) => ({ type, subject })));
  for (let start = from; start < to; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, to - start) }, (_, i) => {
      const n = start + i;
      const { type, subject } = subjects[n % subjects.length]!;
      const tagNames = DEMO_TAGS.filter(([zh]) => type.tags.includes(zh));
      return { type, n, tagNames, ...itemRow(type, typeIds.get(type.key)!, subject, n, tagNames) };
    });
    const rows = await tx.insert(course).values(batch.map((b) => b.row)).returning({ id: course.id });
    await tx.insert(courseViews).values(batch.map((b, i) => ({ courseId: rows[i]!.id, views: b.views })));
    const links = batch.flatMap((b, i) => b.tagNames.map(([zh]) => ({ courseId: rows[i]!.id, tagId: tagIds.get(zh)! })));
    if (links.length) await tx.insert(courseTag).values(links);
    const demo = batch.map((b, i) => ({ id: rows[i]!.id, type: b.type, n: b.n })).filter((b) => b.n < 1000);
    if (demo.length) await insertContents(tx, demo);
  }
}

/**
 * The demo shop, when the catalogue is empty: types, items with syllabus and files, tags, VIP
 * tiers, notices — one transaction. With `items`, adds benchmark copies up to that many items.
 */
export async function seedCatalogue(db: Db, options: CatalogueSeedOptions = {}): Promise<{ itemsAdded: number; demo: boolean }> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(course);
  const demoCount = DEMO_TYPES.reduce((sum, t) => sum + t.subjects.length, 0);
  const target = Math.max(options.items ?? 0, count === 0 ? demoCount : 0);
  if (count >= target) {
    options.log?.(`catalogue: ${count} items present, nothing added`);
    return { itemsAdded: 0, demo: false };
  }
  await db.transaction(async (tx) => {
    let typeIds: Map<string, number>;
    let tagIds: Map<string, number>;
    if (count === 0) {
      typeIds = await insertTypes(tx);
      const tags = await tx
        .insert(tag)
        .values(DEMO_TAGS.map(([zh, en], i) => ({ nameZh: zh, nameEn: en, weigh: DEMO_TAGS.length - i })))
        .returning({ id: tag.id, nameZh: tag.nameZh });
      tagIds = new Map(tags.map((t) => [t.nameZh, t.id]));
      await tx.insert(vipTier).values(DEMO_VIP.map((v, i) => ({ level: v.level, nameZh: v.zh, nameEn: v.en, days: v.days, price: v.price, listPrice: v.listPrice, benefitsZh: v.benefitsZh, benefitsEn: v.benefitsEn, weigh: DEMO_VIP.length - i })));
      await tx.insert(notice).values(DEMO_NOTICES.map(([titleZh, titleEn, contentZh, contentEn], i) => ({ titleZh, titleEn, contentZh, contentEn, publishTime: new Date(Date.now() - i * 3 * DAY_MS) })));
    } else {
      // Benchmark top-up of an existing catalogue: reuse the demo types and tags by name.
      const types = await tx.select({ id: catalogueType.id, nameZh: catalogueType.nameZh }).from(catalogueType);
      typeIds = new Map(DEMO_TYPES.map((t) => [t.key, types.find((row) => row.nameZh === t.zh)?.id ?? types[0]!.id]));
      const tags = await tx.select({ id: tag.id, nameZh: tag.nameZh }).from(tag);
      tagIds = new Map(tags.map((t) => [t.nameZh, t.id]));
    }
    // Benchmark copies start at n = 1000 so their titles are numbered and they get no syllabus.
    if (count === 0) await insertItems(tx, typeIds, tagIds, 0, demoCount);
    const have = count === 0 ? demoCount : count;
    if (target > have) await insertItems(tx, typeIds, tagIds, 1000 + have, 1000 + target);
  });
  // Fresh planner statistics: without them a bulk-loaded catalogue is sorted in full instead of
  // read from its indexes (PGlite has no autovacuum to notice the load). After a bulk load also a
  // vacuum, so the visibility map lets list pages read the indexes alone (index-only scans): a
  // freshly loaded table sends every index entry to the heap until autovacuum gets to it.
  if (target > count) await db.execute(sql`vacuum analyze ${course}, ${courseTag}, ${chapter}, ${lesson}, ${courseFile}`);
  else await db.execute(sql`analyze ${course}, ${courseTag}, ${chapter}, ${lesson}, ${courseFile}`);
  options.log?.(`catalogue: ${target - count} items added`);
  // demo: the demo shop (types, tags, VIP tiers, notices) was put into an empty catalogue.
  return { itemsAdded: target - count, demo: count === 0 };
}

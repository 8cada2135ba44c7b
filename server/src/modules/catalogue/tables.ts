import { sql, type SQLWrapper } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();
/** A GIN index's pending list in kB (PostgreSQL: 4 MB): searches read all of it (decision 065). */
const SMALL_GIN_PENDING_LIST = { gin_pending_list_limit: 64 };

/**
 * The distinct characters and character pairs of a text's words (split at whitespace), by the
 * database function of migration 0033: the gram index's expression, and applied to a keyword.
 */
export const searchGrams = (text: SQLWrapper) => sql<string[]>`course_search_grams(${text})`;
/** The grams a text holding the keyword must have: each word's character pairs, a one-character word itself (migration 0033). */
export const keywordGrams = (keyword: SQLWrapper) => sql<string[]>`course_keyword_grams(${keyword})`;

/** Catalogue type (category): a tree by `pid`; `layout` is the detail page its items open in. */
export const catalogueType = pgTable(
  'type',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 50 }).notNull().default(''),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    /** course → /course/{id}, material → /course2/{id} */
    layout: varchar('layout', { length: 10 }).notNull().default('course'),
    weigh: integer('weigh').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('type_pid_idx').on(t.pid),
    // Quick search of the back office (decision 040).
    index('type_name_zh_trgm_idx').using('gin', t.nameZh.op('gin_trgm_ops')),
    index('type_name_en_trgm_idx').using('gin', t.nameEn.op('gin_trgm_ops')),
  ],
);

/**
 * A catalogue item (`/course/{id}`): a material pack or a video course. Money in integer cents.
 * `searchText` is the lower-cased titles, subtitles and tag names of both languages, kept by the
 * service, so keyword search is one column scan (decision 008).
 */
export const course = pgTable(
  'course',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    typeId: integer('type_id').notNull(),
    titleZh: varchar('title_zh', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 160 }).notNull().default(''),
    subtitleZh: varchar('subtitle_zh', { length: 255 }).notNull().default(''),
    subtitleEn: varchar('subtitle_en', { length: 255 }).notNull().default(''),
    cover: varchar('cover', { length: 255 }).notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    previewVideo: varchar('preview_video', { length: 255 }).notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    originalPrice: bigint('original_price', { mode: 'number' }).notNull().default(0),
    /** Free for members whose VIP level is at least this (0 = no VIP rule). */
    vipFreeLevel: integer('vip_free_level').notNull().default(0),
    /** Price for any VIP member, in cents (null = no VIP price). */
    vipPrice: bigint('vip_price', { mode: 'number' }),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    sales: integer('sales').notNull().default(0),
    /**
     * No longer read or written: views are in `course_views` (decision 070). Kept so that instances
     * of the previous release work on during a rolling upgrade; a later release drops it.
     */
    views: integer('views').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    weigh: integer('weigh').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    seoTitle: varchar('seo_title', { length: 120 }).notNull().default(''),
    seoDescription: varchar('seo_description', { length: 255 }).notNull().default(''),
    /** Bumped by every editor save; a save naming an older version is refused (decision 041). */
    version: integer('version').notNull().default(1),
    /** Soft delete (decision 041): off sale and out of the back office, kept for its buyers. */
    deletedAt: timestamp('delete_time', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('course_status_popular_idx').on(t.status, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('course_status_price_idx').on(t.status, t.price, t.id),
    index('course_type_newest_idx').on(t.typeId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('course_kind_newest_idx').on(t.kind, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Every sort within a type or a kind, and the home banner, on an index (decision 043).
    index('course_type_popular_idx').on(t.typeId, t.status, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('course_type_price_idx').on(t.typeId, t.status, t.price, t.id),
    index('course_kind_popular_idx').on(t.kind, t.status, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('course_kind_price_idx').on(t.kind, t.status, t.price, t.id),
    index('course_banner_idx')
      .on(t.weigh.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'on_sale' and ${t.weigh} > 0`),
    // Keyword search (LIKE '%…%'): a trigram index, migration 0005. Its pending list is kept small:
    // every search reads all of it, and every sale adds to it (decision 065, migration 0031).
    index('course_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_GIN_PENDING_LIST),
    // Keywords without a trigram (one or two characters): the characters and character pairs of the
    // text's words (decision 067, migration 0033, where the function is).
    index('course_search_gram_idx').using('gin', searchGrams(t.searchText)).with(SMALL_GIN_PENDING_LIST),
    // A keyword search in the newest order walks the first and checks the text in it, index-only
    // (decision 055, migration 0029); a btree entry holds ~2.7 KB, so longer texts are in the second.
    index('course_newest_search_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText)
      .where(sql`octet_length(${t.searchText}) <= 2000`),
    index('course_long_search_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`octet_length(${t.searchText}) > 2000`),
    // Quick search of the back office's list, shop/course (decision 040, migration 0027).
    index('course_title_zh_trgm_idx').using('gin', t.titleZh.op('gin_trgm_ops')).with(SMALL_GIN_PENDING_LIST),
    index('course_title_en_trgm_idx').using('gin', t.titleEn.op('gin_trgm_ops')).with(SMALL_GIN_PENDING_LIST),
  ],
);

/**
 * Detail views per item, apart from the item's row (decision 070): the view counter's flushes
 * write this narrow row and its key instead of the item's row and its seventeen indexes.
 */
export const courseViews = pgTable('course_views', {
  courseId: integer('course_id').primaryKey(),
  views: integer('views').notNull().default(0),
});

export const chapter = pgTable(
  'chapter',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull(),
    titleZh: varchar('title_zh', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 160 }).notNull().default(''),
    weigh: integer('weigh').notNull().default(0),
  },
  (t) => [index('chapter_course_idx').on(t.courseId)],
);

export const lesson = pgTable(
  'lesson',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id').notNull(),
    courseId: integer('course_id').notNull(),
    titleZh: varchar('title_zh', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 160 }).notNull().default(''),
    /** Public URL of a free-preview clip (shown to everybody when `freePreview`). */
    video: varchar('video', { length: 255 }).notNull().default(''),
    /** Where the lesson's video lives for owners (decision 024): a storage name and its object key; never in storefront answers. */
    storage: varchar('storage', { length: 20 }).notNull().default(''),
    objectKey: varchar('object_key', { length: 255 }).notNull().default(''),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    freePreview: smallint('free_preview').notNull().default(0),
    weigh: integer('weigh').notNull().default(0),
  },
  (t) => [index('lesson_course_idx').on(t.courseId), index('lesson_chapter_idx').on(t.chapterId)],
);

/**
 * A downloadable file of an item. Owners get it through a signed link to `storage` + `objectKey`
 * (decision 024; usually a private root); neither is ever in a storefront answer.
 */
export const courseFile = pgTable(
  'course_file',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** Bytes. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    format: varchar('format', { length: 20 }).notNull().default(''),
    url: varchar('url', { length: 255 }).notNull().default(''),
    storage: varchar('storage', { length: 20 }).notNull().default(''),
    objectKey: varchar('object_key', { length: 255 }).notNull().default(''),
    /** A lesson's downloadable attachment names its lesson; 0 = a file of the item itself. */
    lessonId: integer('lesson_id').notNull().default(0),
    weigh: integer('weigh').notNull().default(0),
  },
  (t) => [index('course_file_course_idx').on(t.courseId)],
);

export const tag = pgTable(
  'tag',
  {
    id: serial('id').primaryKey(),
    nameZh: varchar('name_zh', { length: 30 }).notNull(),
    nameEn: varchar('name_en', { length: 40 }).notNull().default(''),
    weigh: integer('weigh').notNull().default(0),
  },
  (t) => [uniqueIndex('tag_name_zh_uq').on(t.nameZh)],
);

export const courseTag = pgTable(
  'course_tag',
  {
    courseId: integer('course_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tag_tag_idx').on(t.tagId, t.courseId)],
);

/** A member's favourite. */
export const collect = pgTable(
  'collect',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('collect_user_course_uq').on(t.userId, t.courseId), index('collect_user_time_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** One row per member and item: the last view and how many times. */
export const browseHistory = pgTable(
  'browse_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    viewCount: integer('view_count').notNull().default(1),
    lastViewTime: timestamp('last_view_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('browse_history_user_course_uq').on(t.userId, t.courseId),
    index('browse_history_user_time_idx').on(t.userId, t.lastViewTime.desc().nullsFirst()),
  ],
);

export const notice = pgTable(
  'notice',
  {
    id: serial('id').primaryKey(),
    titleZh: varchar('title_zh', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 160 }).notNull().default(''),
    contentZh: text('content_zh').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    status: smallint('status').notNull().default(1),
    publishTime: timestamp('publish_time', { withTimezone: true }).notNull().defaultNow(),
    /** Higher first on the home page. */
    weigh: integer('weigh').notNull().default(0),
    /** Shown from / until (null = no limit): the notice's window. */
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notice_status_publish_idx').on(t.status, t.publishTime.desc().nullsFirst()),
    index('notice_title_zh_trgm_idx').using('gin', t.titleZh.op('gin_trgm_ops')),
    index('notice_title_en_trgm_idx').using('gin', t.titleEn.op('gin_trgm_ops')),
  ],
);

/** VIP tier; `days` 0 = lifetime. Buying one is the commerce issue; showing it is this one. */
export const vipTier = pgTable(
  'vip',
  {
    id: serial('id').primaryKey(),
    level: integer('level').notNull(),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 50 }).notNull().default(''),
    days: integer('days').notNull().default(0),
    price: bigint('price', { mode: 'number' }).notNull(),
    listPrice: bigint('list_price', { mode: 'number' }).notNull().default(0),
    benefitsZh: jsonb('benefits_zh').$type<string[]>().notNull().default([]),
    benefitsEn: jsonb('benefits_en').$type<string[]>().notNull().default([]),
    weigh: integer('weigh').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vip_status_weigh_idx').on(t.status, t.weigh),
    index('vip_name_zh_trgm_idx').using('gin', t.nameZh.op('gin_trgm_ops')),
    index('vip_name_en_trgm_idx').using('gin', t.nameEn.op('gin_trgm_ops')),
  ],
);

/** How many times what the home page shows has changed (one row; bumped by triggers, decision 062). */
export const catalogueHomeVersion = pgTable('catalogue_home_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The home answer per language as the database last built it, with the version it was built from (decision 062). */
export const catalogueHome = pgTable('catalogue_home', {
  lang: varchar('lang', { length: 10 }).primaryKey(),
  /** Names this build: a process that holds the body of the same stamp need not read it again. */
  stamp: varchar('stamp', { length: 32 }).notNull(),
  body: text('body').notNull(),
  builtVersion: bigint('built_version', { mode: 'number' }).notNull(),
  /** Rebuilt after this even without a change: counters, and notices whose window opens or closes. */
  freshUntil: timestamp('fresh_until', { withTimezone: true }).notNull(),
});

/**
 * The back office's item editor (`shop/course`, decision 041): the one save of an item with its
 * syllabus (chapters → lessons → attachments) and its files, validated identically by the server
 * and the form. Prices are typed yuan, turned into integer cents by the money module. Every
 * failure message is a message key (namespace `items`).
 */
import { z } from './zod.ts';
import { COURSE_KINDS, COURSE_STATUSES } from './catalogue-constants.ts';
import { ITEM_LIMITS, LESSON_VIDEO_SUFFIXES, VIP_RULES, COVER_SUFFIXES } from './catalogue-admin-constants.ts';
import { int4, moneyInputSchema, recordId } from './validation.ts';

export * from './catalogue-admin-constants.ts';

const text = (max: number) => z.string().trim().max(max);
const filled = (max: number) => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : undefined) }).trim().min(1, { error: 'validation.required', abort: true }).max(max);
/** Bare relative URL of our storage, or a full URL of the CDN/bucket. */
const storedUrl = text(255).refine((v) => v === '' || /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(v), 'validation.invalidValue');
const suffixOf = (url: string) => /\.([a-z0-9]{1,10})(?:\?.*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
const imageUrl = storedUrl.refine((v) => v === '' || (COVER_SUFFIXES as readonly string[]).includes(suffixOf(v)), 'items.coverNotImage');

/** A downloadable file: an existing row (`id`) and/or a newly uploaded private attachment. */
export const itemFileInput = z.strictObject({
  id: recordId().optional(),
  attachment_id: recordId().optional(),
  name: filled(ITEM_LIMITS.fileName),
});

export const lessonInput = z.strictObject({
  id: recordId().optional(),
  title_zh: filled(ITEM_LIMITS.titleZh),
  title_en: text(ITEM_LIMITS.titleEn).default(''),
  free_preview: z.boolean().default(false),
  /** A newly uploaded private video; without it an existing lesson keeps its video. */
  video_attachment_id: recordId().optional(),
  attachments: z.array(itemFileInput).max(ITEM_LIMITS.lessonAttachments).default([]),
});

export const chapterInput = z.strictObject({
  id: recordId().optional(),
  title_zh: filled(ITEM_LIMITS.titleZh),
  title_en: text(ITEM_LIMITS.titleEn).default(''),
  lessons: z.array(lessonInput).max(ITEM_LIMITS.lessonsPerChapter).default([]),
});

const itemFields = {
  kind: z.enum(COURSE_KINDS),
  type_id: recordId(),
  title_zh: filled(ITEM_LIMITS.titleZh),
  title_en: text(ITEM_LIMITS.titleEn).default(''),
  subtitle_zh: text(ITEM_LIMITS.subtitle).default(''),
  subtitle_en: text(ITEM_LIMITS.subtitle).default(''),
  description_zh: z.string().max(ITEM_LIMITS.description).default(''),
  description_en: z.string().max(ITEM_LIMITS.description).default(''),
  cover: imageUrl.default(''),
  gallery: z.array(imageUrl).max(ITEM_LIMITS.gallery).default([]),
  preview_video: storedUrl.default(''),
  /** Tag names (Chinese); unknown names are created on save. */
  tags: z.array(filled(ITEM_LIMITS.tagName)).max(ITEM_LIMITS.tags).default([]),
  price: moneyInputSchema(),
  original_price: moneyInputSchema().default(0),
  vip_rule: z.enum(VIP_RULES).default('none'),
  /** With vip_rule 'free': free for members whose VIP level is at least this. */
  vip_free_level: int4(0, ITEM_LIMITS.vipLevel).default(0),
  /** With vip_rule 'price': what any VIP member pays. */
  vip_price: moneyInputSchema().nullable().default(null),
  status: z.enum(COURSE_STATUSES).default('draft'),
  weigh: int4().default(0),
  seo_title: text(ITEM_LIMITS.seoTitle).default(''),
  seo_description: text(ITEM_LIMITS.seoDescription).default(''),
  chapters: z.array(chapterInput).max(ITEM_LIMITS.chapters).default([]),
  files: z.array(itemFileInput).max(ITEM_LIMITS.files).default([]),
};

/** The VIP rule's own field must be filled; the other one is cleared. */
function vipRule<T extends { vip_rule: string; vip_free_level: number; vip_price: number | null }>(value: T, ctx: z.RefinementCtx) {
  if (value.vip_rule === 'free' && value.vip_free_level < 1) ctx.addIssue({ code: 'custom', path: ['vip_free_level'], message: 'items.vipLevelRequired' });
  if (value.vip_rule === 'price' && value.vip_price === null) ctx.addIssue({ code: 'custom', path: ['vip_price'], message: 'items.vipPriceRequired' });
}

export const itemAddInput = z.strictObject(itemFields).superRefine(vipRule);
export const itemEditInput = z
  .strictObject({ ...itemFields, id: recordId(), version: z.coerce.number().int().min(1, 'validation.invalidValue') })
  .superRefine(vipRule);
export type ItemAddInput = z.input<typeof itemAddInput>;
export type ItemSave = z.output<typeof itemAddInput>;

export const itemIdQuery = z.strictObject({ id: recordId() });

/** Allowed lesson video suffix (the server sniffs the type too). */
export const isLessonVideoName = (name: string) => (LESSON_VIDEO_SUFFIXES as readonly string[]).includes(suffixOf(name));

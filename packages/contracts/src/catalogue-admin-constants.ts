/** Item editor constants and answer types without zod, for the browser (decision 041). */
import type { CourseKind, CourseStatus } from './catalogue-constants.ts';

export const ITEM_LIMITS = {
  titleZh: 120,
  titleEn: 160,
  subtitle: 255,
  description: 100_000,
  seoTitle: 120,
  seoDescription: 255,
  tags: 20,
  tagName: 30,
  gallery: 12,
  chapters: 100,
  lessonsPerChapter: 200,
  lessonAttachments: 20,
  files: 200,
  fileName: 200,
  vipLevel: 100,
} as const;

export const VIP_RULES = ['none', 'free', 'price'] as const;
export type VipRule = (typeof VIP_RULES)[number];
/** Image suffixes a cover or gallery URL may end in (svg: the demo shop's generated art). */
export const COVER_SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg'] as const;
/** Lesson videos: ISO media files, whose duration the server reads from the `mvhd` box. */
export const LESSON_VIDEO_SUFFIXES = ['mp4', 'm4v', 'mov'] as const;
export const LESSON_VIDEO_MIMES = ['video/mp4', 'video/x-m4v', 'video/quicktime'] as const;

export interface EditorFile {
  id: number;
  name: string;
  size: number;
  format: string;
}
export interface EditorLesson {
  id: number;
  title_zh: string;
  title_en: string;
  free_preview: boolean;
  /** Seconds, read from the file on the server. */
  duration: number;
  has_video: boolean;
  attachments: EditorFile[];
}
export interface EditorChapter {
  id: number;
  title_zh: string;
  title_en: string;
  lessons: EditorLesson[];
}

/** `GET /admin/shop/course/edit?id=` — everything the editor shows; prices in cents. */
export interface EditorItem {
  id: number;
  version: number;
  kind: CourseKind;
  type_id: number;
  title_zh: string;
  title_en: string;
  subtitle_zh: string;
  subtitle_en: string;
  description_zh: string;
  description_en: string;
  cover: string;
  gallery: string[];
  preview_video: string;
  tags: string[];
  price: number;
  original_price: number;
  vip_free_level: number;
  vip_price: number | null;
  status: CourseStatus;
  weigh: number;
  seo_title: string;
  seo_description: string;
  chapters: EditorChapter[];
  files: EditorFile[];
  update_time: number;
}

/** The answer of add/edit: the saved item's id and its new version. */
export interface EditorSaved {
  id: number;
  version: number;
}

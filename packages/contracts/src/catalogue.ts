/**
 * Catalogue constants and the storefront list query, shared by the server (validation) and the
 * web app (filters kept in the URL). Every failure message is a message key.
 */
import { z } from './zod.ts';

export * from './catalogue-constants.ts';
import type { AccessKind, PriceReason } from './commerce-constants.ts';
import { COURSE_KINDS, LIST_CURSOR_PATTERN, LIST_LIMIT, LIST_MAX_PAGE, KEYWORD_MAX_LENGTH, LIST_SORTS, PRICE_BANDS, type DETAIL_LAYOUTS, type CourseKind } from './catalogue-constants.ts';
import { recordId } from './validation.ts';

/** An empty query value (`?kind=`) means "not set", as a cleared filter in a link does. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const id = recordId();

export const pageQuery = {
  page: optional(z.coerce.number().int().min(1).max(10_000)).default(1),
  limit: optional(z.coerce.number().int().min(1).max(LIST_LIMIT.max)).default(LIST_LIMIT.default),
};

/** Unknown parameters are refused, not ignored: a mistyped filter must not silently show everything. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? 'catalogue.unknownParameter' : undefined) };

export const catalogueListQuery = z.strictObject(
  {
    type: optional(id),
    kind: optional(z.enum(COURSE_KINDS)),
    price: optional(z.enum(PRICE_BANDS)),
    tag: optional(id),
    sort: optional(z.enum(LIST_SORTS)).default('newest'),
    keyword: optional(z.string().trim().max(KEYWORD_MAX_LENGTH)),
    /** The newest id the first page saw; later pages ignore items added since (stable paging). */
    snapshot: optional(id),
    page: optional(z.coerce.number().int().min(1).max(LIST_MAX_PAGE, 'catalogue.pageTooDeep')).default(1),
    /** The previous page's `next`: the page after it, at the cost of a first page (keyset paging). */
    after: optional(z.string().regex(LIST_CURSOR_PATTERN, 'catalogue.badCursor')),
    limit: pageQuery.limit,
  },
  strict,
);
export type CatalogueListQuery = z.input<typeof catalogueListQuery>;

export const courseIdInput = z.strictObject({ id }, strict);
export const pageInput = z.strictObject(pageQuery, strict);

/** At most this many ids per member-price call (two list pages of cards). */
export const MEMBER_PRICES_MAX_IDS = 60;
/** `GET /api/catalogue/memberPrices?ids=1,2,3`: comma-separated item ids. */
export const memberPricesQuery = z.strictObject(
  {
    ids: z
      .string()
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'catalogue.badIds')
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine((ids) => ids.length <= MEMBER_PRICES_MAX_IDS && ids.every((n) => n <= 2_147_483_647), 'catalogue.badIds'),
  },
  strict,
);

// ── Answers of the storefront catalogue API (the `data` of the envelope) ─────────────────────
// Money in integer cents; times in Unix seconds; texts already in the request's language.

/** What a card in a grid or shelf shows (issue 21: list answers carry nothing more). */
export interface CourseCard {
  id: number;
  kind: CourseKind;
  title: string;
  subtitle: string;
  cover: string;
  price: number;
  originalPrice: number;
  /** Free for VIP level ≥ this; 0 = no VIP rule. */
  vipFreeLevel: number;
  /** Price for any current VIP member; null = none. */
  vipPrice: number | null;
  sales: number;
}

/** GET /api/catalogue/list */
export interface CatalogueListPage {
  list: CourseCard[];
  hasMore: boolean;
  page: number;
  limit: number;
  /** Send back as `snapshot` when asking for the next pages. */
  snapshot: number;
  /** Send back as `after` for the next page (null: this is the last one). */
  next: string | null;
}

export interface CourseLesson {
  id: number;
  title: string;
  /** Seconds. */
  duration: number;
  freePreview: boolean;
  /** Only for free previews. */
  video: string | null;
}

/** GET /api/catalogue/detail?id= */
export interface CourseDetail extends CourseCard {
  views: number;
  description: string;
  gallery: string[];
  previewVideo: string;
  type: { id: number; name: string; layout: (typeof DETAIL_LAYOUTS)[number] } | null;
  tags: { id: number; name: string }[];
  chapters: { id: number; title: string; lessons: CourseLesson[] }[];
  /** Never a URL: downloads are delivered to owners (commerce issue). */
  files: { id: number; name: string; size: number; format: string }[];
  related: CourseCard[];
  collected: boolean;
  owned: boolean;
  vipCovered: boolean;
  /**
   * How the asking member reaches the item (commerce's one `canAccess`): a paid order, their VIP
   * level, free; 'none' = show the buy button. Visitors get 'free' or 'none'.
   */
  access: AccessKind;
  /**
   * What the logged-in member would pay today (commerce's one `priceFor`: VIP price, loyalty
   * rate); null for visitors. The cart, the order and the charge give the same figure.
   */
  memberPrice: MemberPrice | null;
}

/** A member's price of an item and why (`list`, `vip_price`, `loyalty_rate`, …). */
export interface MemberPrice {
  price: number;
  listPrice: number;
  reason: PriceReason;
}

/**
 * GET /api/catalogue/memberPrices: the logged-in member's price per on-sale item id (commerce's one
 * `priceFor`), for list cards whose shared, cached answer cannot carry it. Unknown ids are left out.
 */
export interface MemberPrices {
  prices: Record<string, MemberPrice>;
}

export interface VipTierInfo {
  id: number;
  level: number;
  name: string;
  /** 0 = lifetime. */
  days: number;
  price: number;
  listPrice: number;
  benefits: string[];
}

export interface TypeNode {
  id: number;
  name: string;
  icon: string;
  layout: string;
  children: TypeNode[];
}

/** GET /api/catalogue/home */
export interface CatalogueHome {
  banner: CourseCard[];
  notices: { id: number; title: string; publishTime: number }[];
  latest: CourseCard[];
  popular: CourseCard[];
  shelves: { type: { id: number; name: string; icon: string; layout: string }; items: CourseCard[] }[];
  vipTiers: VipTierInfo[];
}

/** GET /api/catalogue/notice?id= */
export interface NoticeDetail {
  id: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  publishTime: number;
}

/** GET /api/catalogue/collect/list and /history/list */
export interface MemberCoursePage<Extra> {
  list: (CourseCard & Extra)[];
  total: number;
  page: number;
  limit: number;
}

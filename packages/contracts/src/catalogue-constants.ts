/**
 * Catalogue constants without zod, so the web app can import them without the validation library.
 * `catalogue.ts` re-exports them with the list query schema.
 */
export const COURSE_KINDS = ['material', 'course'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];
export const COURSE_STATUSES = ['draft', 'on_sale', 'off_sale'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
/** Detail page layout of a type: course → /course/{id}, material → /course2/{id}. */
export const DETAIL_LAYOUTS = ['course', 'material'] as const;
export const PRICE_BANDS = ['free', 'paid', 'vipFree'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export const LIST_SORTS = ['newest', 'popular', 'priceAsc', 'priceDesc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_LIMIT = { default: 20, max: 50 } as const;
/**
 * Deepest list page that can be opened by its number (offset paging); further pages follow the
 * `next` cursor of the page before, which costs the same at any depth (decision 043).
 */
export const LIST_MAX_PAGE = 50;
/** `after` cursor of the list: the last card's sort value and id, `<integer>.<id>`. */
export const LIST_CURSOR_PATTERN = /^-?\d{1,20}\.\d{1,10}$/;
export const KEYWORD_MAX_LENGTH = 50;


/**
 * Catalogue constants and the storefront list query, shared by the server (validation) and the
 * web app (filters kept in the URL). Every failure message is a message key.
 */
import { z } from 'zod';

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
export const KEYWORD_MAX_LENGTH = 50;

/** An empty query value (`?kind=`) means "not set", as a cleared filter in a link does. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const id = z.coerce.number().int().positive();

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
    ...pageQuery,
  },
  strict,
);
export type CatalogueListQuery = z.input<typeof catalogueListQuery>;

export const courseIdInput = z.strictObject({ id }, strict);
export const pageInput = z.strictObject(pageQuery, strict);

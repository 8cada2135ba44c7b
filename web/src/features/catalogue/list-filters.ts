import { COURSE_KINDS, KEYWORD_MAX_LENGTH, LIST_SORTS, PRICE_BANDS, type CourseKind, type ListSort, type PriceBand } from '@framecraft/contracts/catalogue-constants';

/** The list page's view, kept in its URL query so that a link reproduces it (issue 4). */
export interface ListFilters {
  type?: number;
  kind?: CourseKind;
  price?: PriceBand;
  tag?: number;
  sort?: ListSort;
  keyword?: string;
}

const FILTER_NAMES = ['type', 'kind', 'price', 'tag', 'sort', 'keyword'] as const;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const positiveId = (value: string | null): number | undefined => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/**
 * Filters from a query string. A value outside the allowed set (an old or hand-edited link) is
 * dropped rather than sent, so the page shows the nearest valid view instead of an error.
 */
export function filtersFromSearch(params: URLSearchParams): ListFilters {
  const filters: ListFilters = {
    type: positiveId(params.get('type')),
    kind: oneOf(COURSE_KINDS, params.get('kind')),
    price: oneOf(PRICE_BANDS, params.get('price')),
    tag: positiveId(params.get('tag')),
    sort: oneOf(LIST_SORTS, params.get('sort')),
    keyword: params.get('keyword')?.trim().slice(0, KEYWORD_MAX_LENGTH) || undefined,
  };
  if (filters.sort === 'newest') filters.sort = undefined;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as ListFilters;
}

/** The query string of a view: defaults left out, in a fixed order so equal views share a URL. */
export function searchFromFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined || value === '' || (name === 'sort' && value === 'newest')) continue;
    params.set(name, String(value));
  }
  return params;
}

/** `filters` with one filter changed (`undefined` clears it). */
export function withFilter<K extends keyof ListFilters>(filters: ListFilters, name: K, value: ListFilters[K] | undefined): ListFilters {
  const next = { ...filters };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

export const hasNarrowingFilters = (filters: ListFilters) => FILTER_NAMES.some((name) => name !== 'sort' && filters[name] !== undefined);

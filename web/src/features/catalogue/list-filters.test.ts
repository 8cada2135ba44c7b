import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasNarrowingFilters, searchFromFilters, withFilter } from './list-filters.ts';

describe('list filters in the URL', () => {
  it('reads every allowed filter', () => {
    const filters = filtersFromSearch(new URLSearchParams('type=3&kind=course&price=vipFree&tag=7&sort=priceAsc&keyword=%20AE%20'));
    expect(filters).toEqual({ type: 3, kind: 'course', price: 'vipFree', tag: 7, sort: 'priceAsc', keyword: 'AE' });
  });

  it('drops values outside the allowed sets instead of sending them', () => {
    const filters = filtersFromSearch(new URLSearchParams('type=-1&kind=video&price=cheap&tag=1e3&sort=random&keyword=%20%20&page=9'));
    expect(filters).toEqual({});
  });

  it('treats the default sort as no filter and cuts long keywords', () => {
    const filters = filtersFromSearch(new URLSearchParams(`sort=newest&keyword=${'x'.repeat(80)}`));
    expect(filters).toEqual({ keyword: 'x'.repeat(50) });
  });

  it('writes a view back in a fixed order without defaults, so equal views share one link', () => {
    expect(searchFromFilters({ keyword: '调色', sort: 'newest', kind: 'material', type: 2 }).toString()).toBe('type=2&kind=material&keyword=%E8%B0%83%E8%89%B2');
    const round = filtersFromSearch(searchFromFilters({ tag: 4, price: 'free', sort: 'popular' }));
    expect(round).toEqual({ tag: 4, price: 'free', sort: 'popular' });
  });

  it('changes or clears one filter and tells whether the view is narrowed', () => {
    const filters = withFilter({ kind: 'course' }, 'price', 'paid');
    expect(filters).toEqual({ kind: 'course', price: 'paid' });
    expect(withFilter(filters, 'kind', undefined)).toEqual({ price: 'paid' });
    expect(hasNarrowingFilters({ sort: 'popular' })).toBe(false);
    expect(hasNarrowingFilters({ sort: 'popular', tag: 1 })).toBe(true);
  });
});

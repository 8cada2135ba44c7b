import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { crudApi, type IndexParams } from '../api/crud.ts';
import { toSearch, type FilterValues } from './crud-filters.tsx';
import type { CrudField, Row } from './types.ts';

/** A table's list state (page, size, quick search, filters, order) and its index query. */
export function useCrudList<R extends Row>(controller: string, fields: CrudField[], defaultOrder = '') {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [quickSearch, setQuickSearchState] = useState('');
  const [filters, setFiltersState] = useState<FilterValues>({});
  const [order, setOrder] = useState('');
  const search = toSearch(
    fields.filter((f) => f.column && f.column.filter),
    filters,
  );
  const params: IndexParams = { page, limit, quickSearch, search, order: order || defaultOrder };
  const query = useQuery({
    queryKey: ['crud', controller, params],
    queryFn: ({ signal }) => crudApi.index<R>(controller, params, signal),
    placeholderData: (previous) => previous,
  });
  return {
    params,
    page,
    limit,
    order,
    quickSearch,
    search,
    rows: query.data?.list ?? [],
    total: query.data?.total ?? 0,
    /** The server stopped counting at its cap: `total` is a lower bound (decision 052). */
    totalCapped: query.data?.totalCapped ?? false,
    loading: query.isFetching,
    reload: () => void query.refetch(),
    setPaging: (nextPage: number, nextLimit: number) => (setPage(nextPage), setLimit(nextLimit)),
    setOrder,
    setQuickSearch: (text: string) => (setQuickSearchState(text.trim()), setPage(1)),
    setFilters: (values: FilterValues) => (setFiltersState(values), setPage(1)),
  };
}

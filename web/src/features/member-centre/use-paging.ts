import type { PaginationProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 10;

/**
 * Page and page size of a member-centre list, and the antd pagination that drives them: a new page
 * size starts again at page 1; the total is shown as "N in all".
 */
export function usePaging() {
  const { t } = useTranslation('member');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const pagination = (total: number): PaginationProps => ({
    current: page,
    pageSize: limit,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    showTotal: (count) => t('ledger.total', { count }),
    onChange: (next, size) => {
      setPage(size === limit ? next : 1);
      setLimit(size);
    },
  });
  return { page, limit, setPage, pagination };
}

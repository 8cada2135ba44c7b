import type { TFunction } from 'i18next';

/**
 * The pagination's total line (decision 052): "N records" when the server counted them all, "More
 * than N records" when it stopped at its cap (`totalCapped`) — the pages then reach the first N
 * rows and filters narrow the list. `t` is the `admin` namespace's.
 */
export function listTotalText(t: TFunction<'admin'>, language: string, total: number, capped: boolean): string {
  if (!capped) return t('crud.total', { total });
  return t('crud.totalCapped', { total: new Intl.NumberFormat(language).format(total) });
}

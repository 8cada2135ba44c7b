import type { CourseCard } from '@framecraft/contracts/catalogue';
import { CURRENCIES, formatMoney, formatPrice } from '@framecraft/contracts/money';
import { useTranslation } from 'react-i18next';
import { CrownIcon } from '../../../components/icons.tsx';
import { useCurrency } from '../../../stores/site-config.ts';

/** Price of an item: free, or the shop currency's symbol with 2 decimals and the crossed-out list price when higher. */
export function PriceTag({ item, size = 'md' }: { item: Pick<CourseCard, 'price' | 'originalPrice'>; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('catalogue');
  const big = size === 'lg';
  const currency = useCurrency();
  if (item.price === 0) return <span className={`font-semibold text-emerald-600 dark:text-emerald-400 ${big ? 'text-2xl' : 'text-sm'}`}>{t('price.free')}</span>;
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <span className={`font-semibold text-ink tabular-nums ${big ? 'text-3xl' : 'text-base'}`}>
        <span className={big ? 'text-lg' : 'text-xs'}>{CURRENCIES[currency].symbol}</span>
        {formatMoney(item.price)}
      </span>
      {item.originalPrice > item.price && <s className={`text-faint tabular-nums ${big ? 'text-sm' : 'text-xs'}`}>{formatPrice(item.originalPrice, currency)}</s>}
    </span>
  );
}

/** "VIP free" or "VIP ¥x" (the shop currency) badge; nothing when no VIP rule applies. */
export function VipBadge({ item }: { item: Pick<CourseCard, 'vipFreeLevel' | 'vipPrice' | 'price'> }) {
  const { t } = useTranslation('catalogue');
  const currency = useCurrency();
  if (item.price === 0) return null;
  const text = item.vipFreeLevel > 0 ? t('price.vipFree', { level: item.vipFreeLevel }) : item.vipPrice !== null ? t('price.vipPrice', { price: formatPrice(item.vipPrice, currency) }) : null;
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-gradient-to-r from-amber-300 to-amber-500 px-1.5 py-0.5 text-[11px] font-semibold text-amber-950">
      <CrownIcon className="text-[10px]" /> {text}
    </span>
  );
}

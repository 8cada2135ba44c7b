import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { CrownIcon, HeartIcon, ShieldIcon } from '../../../components/icons.tsx';
import { BuyButton } from './buy-button.tsx';
import { PriceTag } from './price-tag.tsx';
import { accessOf } from './purchase-box.tsx';
import type { Favourite } from './use-favourite.ts';

/**
 * Phones only: price, buy and favourite stay at the bottom of the screen while the item page
 * scrolls (the purchase box itself can sit far below a long syllabus). Sticky, not fixed, so it
 * comes to rest at the end of the page above the footer instead of covering it.
 */
export function BuyBar({ item, favourite }: { item: CourseDetail; favourite: Favourite }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const access = accessOf(item);
  return (
    <div
      data-testid="buy-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-8 flex items-center gap-3 border-t border-line bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <div className="min-w-0 flex-1">
        <PriceTag item={item} />
        {access && (
          <p className="flex items-center gap-1 truncate text-xs font-medium text-emerald-600 dark:text-emerald-400">
            {access === 'vip' ? <CrownIcon /> : <ShieldIcon />} {t(`course.access.${access}`)}
          </p>
        )}
      </div>
      <button
        type="button"
        data-testid="buy-bar-favourite"
        aria-pressed={favourite.collected}
        aria-label={favourite.collected ? t('course.favourited') : t('course.favourite')}
        disabled={favourite.busy}
        onClick={() => void favourite.toggle()}
        className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line-strong bg-surface text-lg transition-colors hover:bg-surface-2 disabled:opacity-50 ${favourite.collected ? 'text-rose-500' : 'text-ink'}`}
      >
        <HeartIcon fill={favourite.collected ? 'currentColor' : 'none'} />
      </button>
      {!access && <BuyButton item={item} testId="buy-bar-buy" size="md" className="h-11 shrink-0 px-6" />}
    </div>
  );
}

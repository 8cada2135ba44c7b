import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { CrownIcon, HeartIcon, ShieldIcon } from '../../../components/icons.tsx';
import { toast } from '../../../components/toast.tsx';
import { AddToCartButton, BuyButton } from './buy-button.tsx';
import type { Favourite } from './use-favourite.ts';
import { PriceTag, VipBadge } from './price-tag.tsx';

/** How the member may already use the item, or null when it must be bought. */
export const accessOf = (item: CourseDetail) => (item.access === 'none' ? null : item.access);

/** Price, VIP rule and the actions of an item: buy (→ checkout), favourite, share. */
export function PurchaseBox({ item, lessons, favourite }: { item: CourseDetail; lessons: number; favourite: Favourite }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const { pathname } = useLocation();
  const { collected, busy } = favourite;
  const access = accessOf(item);

  const share = async () => {
    const url = window.location.origin + pathname;
    try {
      if (navigator.share) await navigator.share({ title: item.title, url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success(t('course.linkCopied'));
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') toast.error(t('course.copyFailed'));
    }
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-xl shadow-black/5" data-testid="purchase-box">
      <div className="flex flex-wrap items-center gap-2">
        <PriceTag item={item.memberPrice ? { price: item.memberPrice.price, originalPrice: Math.max(item.originalPrice, item.memberPrice.listPrice) } : item} size="lg" />
        <VipBadge item={item} />
      </div>
      {item.memberPrice && item.memberPrice.reason !== 'list' && item.memberPrice.reason !== 'free' && !access && (
        <p data-testid="detail-member-price" className="mt-1.5 text-xs font-medium text-emerald-600 dark:text-emerald-400">
          {t(`course.memberPrice.${item.memberPrice.reason === 'vip_price' ? 'vip' : 'rate'}`)}
        </p>
      )}
      {access && (
        <p data-testid="detail-access" className="mt-3 flex items-center gap-1.5 text-sm font-medium text-emerald-600 dark:text-emerald-400">
          {access === 'vip' ? <CrownIcon /> : <ShieldIcon />} {t(`course.access.${access}`)}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-surface-2/70 p-3 text-center text-xs text-muted">
        <div>
          <dt>{t('course.stats.sales')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-ink tabular-nums">{item.sales}</dd>
        </div>
        <div>
          <dt>{t('course.stats.views')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-ink tabular-nums">{item.views}</dd>
        </div>
        <div>
          <dt>{item.kind === 'course' ? t('course.stats.lessons') : t('course.stats.files')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-ink tabular-nums">{item.kind === 'course' ? lessons : item.files.length}</dd>
        </div>
      </dl>
      <div className="mt-5 space-y-2.5">
        {!access && (
          <div className="grid grid-cols-[1fr_auto] gap-2.5">
            <BuyButton item={item} testId="detail-buy" className="w-full" />
            <AddToCartButton item={item} testId="detail-add-cart" />
          </div>
        )}
        {access && (
          <Link to="/user/my-purchases" data-testid="detail-owned-link" className={buttonClass('secondary', 'lg', 'w-full justify-center')}>
            {item.kind === 'course' ? t('course.watchInPurchases') : t('course.downloadInPurchases')}
          </Link>
        )}
        {!access && item.vipFreeLevel > 0 && (
          <Link to="/vip-pricing" className={buttonClass('secondary', 'md', 'w-full justify-center')}>
            <CrownIcon /> {t('course.vipUnlock')}
          </Link>
        )}
        <div className="grid grid-cols-2 gap-2.5">
          <button
            type="button"
            data-testid="detail-favourite"
            aria-pressed={collected}
            disabled={busy}
            onClick={() => void favourite.toggle()}
            className={buttonClass('secondary', 'md', `justify-center ${collected ? 'text-rose-500' : ''}`)}
          >
            <HeartIcon /> {collected ? t('course.favourited') : t('course.favourite')}
          </button>
          <button type="button" data-testid="detail-share" onClick={() => void share()} className={buttonClass('secondary', 'md', 'justify-center')}>
            {t('course.share')}
          </button>
        </div>
      </div>
    </div>
  );
}

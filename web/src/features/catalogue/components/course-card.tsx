import type { CourseCard as Card } from '@framecraft/contracts/catalogue';
import { formatPrice } from '@framecraft/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/icons.tsx';
import { useMemberStore } from '../../../stores/member.ts';
import { useCurrency } from '../../../stores/site-config.ts';
import { fullUrl } from '../../../utils/full-url.ts';
import { memberPriceQuery } from '../api/member-prices.ts';
import { PriceTag, VipBadge } from './price-tag.tsx';

/** Courses open in the course layout, material packs in the material layout (spec §2). */
export const detailPath = (item: Pick<Card, 'id' | 'kind'>) => (item.kind === 'course' ? `/course/${item.id}` : `/course2/${item.id}`);

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * One item in a grid or shelf: cover, title, subtitle, price and how many bought it. Memoised: a
 * grid re-renders on every keystroke in the list's search box and when the filter choices arrive,
 * and its cards (same item objects from the query cache) need not.
 */
export const CourseCard = memo(function CourseCard({ item, footer, eager = false }: { item: Card; footer?: ReactNode; eager?: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface transition-[border-color,transform,box-shadow] duration-200 hover:-translate-y-0.5 hover:border-line-strong hover:shadow-xl hover:shadow-black/10">
      <div className="relative aspect-video overflow-hidden bg-surface-2">
        <img
          src={fullUrl(item.cover)}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <span className="absolute top-2 left-2 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] font-medium text-white backdrop-blur">
          {item.kind === 'course' ? (
            <span className="inline-flex items-center gap-1">
              <PlayIcon className="text-[10px]" /> {t('kind.course')}
            </span>
          ) : (
            t('kind.material')
          )}
        </span>
        <span className="absolute top-2 right-2">
          <VipBadge item={item} />
        </span>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        {/* Title (two lines kept), subtitle (one line kept) and price row of fixed height: cards line up. */}
        <h3 className="line-clamp-2 min-h-[2lh] text-sm leading-snug font-medium text-ink sm:text-[15px]">
          <Link to={detailPath(item)} className="after:absolute after:inset-0" data-testid="course-card-link">
            {item.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-1 min-h-[1lh] text-xs text-muted">{item.subtitle}</p>
        <div className="mt-auto flex flex-col gap-0.5 pt-3 sm:flex-row sm:items-end sm:justify-between sm:gap-2">
          <span className="min-w-0 truncate">
            <PriceTag item={item} />
          </span>
          <span className="shrink-0 text-xs text-faint">{t('card.sales', { count: item.sales, formatted: compact.format(item.sales) })}</span>
        </div>
        <MemberPriceLine item={item} />
        {footer && <div className="relative z-10 mt-3 border-t border-line pt-3">{footer}</div>}
      </div>
    </article>
  );
});

/**
 * A logged-in member's own price under the list price (VIP price, loyalty rate: commerce's one
 * `priceFor`, fetched per member because the list answer is shared). The line's height is kept
 * from the first render whether or not a lower price arrives, so nothing below it moves.
 */
function MemberPriceLine({ item }: { item: Card }) {
  const memberId = useMemberStore((state) => (state.isLoggedIn() ? state.id : 0));
  // A visitor's card starts no query at all (a grid of cards would fill the cache with disabled ones).
  return memberId ? <MemberPriceFor item={item} memberId={memberId} /> : null;
}

function MemberPriceFor({ item, memberId }: { item: Card; memberId: number }) {
  const { t } = useTranslation('catalogue');
  const currency = useCurrency();
  const { data } = useQuery({ ...memberPriceQuery(item.id, memberId), enabled: item.price > 0 });
  const lower = data && data.price < item.price ? data : null;
  return (
    <p className="mt-1 h-4 truncate text-xs leading-4 font-medium text-amber-700 tabular-nums dark:text-amber-400" data-testid="card-member-price">
      {lower && t(lower.reason === 'vip_price' || lower.reason === 'vip_free' ? 'card.memberPriceVip' : 'card.memberPrice', { price: lower.price === 0 ? t('price.free') : formatPrice(lower.price, currency) })}
    </p>
  );
}

export function CourseGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
      {children}
    </div>
  );
}

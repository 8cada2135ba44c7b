import type { Order } from '@framecraft/contracts/commerce-constants';
import type { OrderCouponOption } from '@framecraft/contracts/coupon-constants';
import { formatPrice } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/skeleton.tsx';
import { useSiteConfig } from '../../stores/site-config.ts';
import { applyCoupon, orderCouponsQuery } from './api/coupons.ts';

/**
 * The coupon of an unpaid order (decision 039): the server preselected the best one when the order
 * was made; the member may pick another or none, and the server re-prices the order. Coupons that
 * take nothing off this order are listed, disabled, with the reason.
 */
export function CouponPicker({ order }: { order: Order }) {
  const { t } = useTranslation('coupons');
  const queryClient = useQueryClient();
  const coupons = useQuery(orderCouponsQuery(order.order_no));
  const [busy, setBusy] = useState(false);
  if (order.kind !== 'course') return null;
  if (coupons.isPending) return <Skeleton className="h-24 rounded-2xl" />;
  const list = coupons.data?.list ?? [];
  const choose = async (couponId: number) => {
    if (busy || couponId === (order.coupon_id ?? 0)) return;
    setBusy(true);
    try {
      await applyCoupon(queryClient, order.order_no, couponId);
    } catch {
      // The request layer has shown why (e.g. another order holds it now).
    } finally {
      setBusy(false);
    }
  };
  return (
    <section data-testid="pay-coupons" aria-busy={busy} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 className="text-base font-semibold text-ink">{t('checkout.title')}</h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('checkout.noneAvailable')}</p>
      ) : (
        <div role="radiogroup" aria-label={t('checkout.title')} className="mt-3 grid gap-2">
          {list.map((option) => (
            <CouponOption key={option.id} option={option} best={option.id === coupons.data?.best} active={order.coupon_id === option.id} disabled={busy} onChoose={() => void choose(option.id)} />
          ))}
          <button
            type="button"
            role="radio"
            aria-checked={order.coupon_id === null}
            data-testid="pay-coupon-none"
            disabled={busy}
            onClick={() => void choose(0)}
            className={`rounded-xl border px-4 py-2.5 text-left text-sm transition-colors ${order.coupon_id === null ? 'border-accent bg-accent/10 ring-1 ring-accent' : 'border-line-strong text-muted hover:bg-surface-2'}`}
          >
            {t('checkout.none')}
          </button>
        </div>
      )}
    </section>
  );
}

function CouponOption({ option, best, active, disabled, onChoose }: { option: OrderCouponOption; best: boolean; active: boolean; disabled: boolean; onChoose: () => void }) {
  const { t } = useTranslation('coupons');
  const currency = useSiteConfig((state) => state.currency);
  const refused = option.refused !== null;
  const value = t('checkout.value', { value: option.kind === 'amount' ? formatPrice(option.amount, currency) : `${option.percent}%` });
  const condition = option.min_spend > 0 ? t('minSpend', { amount: formatPrice(option.min_spend, currency) }) : t('noMinimum');
  return (
    <button
      type="button"
      role="radio"
      aria-checked={active}
      aria-disabled={refused}
      data-testid="pay-coupon"
      data-coupon={option.id}
      disabled={disabled || refused}
      onClick={onChoose}
      className={`flex items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors disabled:cursor-not-allowed ${active ? 'border-accent bg-accent/10 ring-1 ring-accent' : refused ? 'border-line opacity-55' : 'border-line-strong hover:bg-surface-2'}`}
    >
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          {option.name}
          {best && !refused && <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-[11px] font-medium text-emerald-700 dark:text-emerald-300">{t('checkout.best')}</span>}
        </span>
        <span className="mt-0.5 block text-xs text-muted">
          {value} · {condition}
          {refused && ` · ${t(`checkout.refused.${option.refused}`)}`}
        </span>
      </span>
      {!refused && <span className="shrink-0 text-sm font-semibold text-emerald-600 tabular-nums dark:text-emerald-400">{t('checkout.saves', { amount: formatPrice(option.order_discount, currency) })}</span>}
    </button>
  );
}

import type { MemberCoupon } from '@framecraft/contracts/coupon-constants';
import { formatPrice, type CurrencyCode } from '@framecraft/contracts/money';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "¥10.00 off" / "15% off" and "On orders from ¥50.00" / "No minimum spend". */
export function couponValue(coupon: MemberCoupon, currency: CurrencyCode, t: Translate) {
  return {
    value: coupon.kind === 'amount' ? formatPrice(coupon.amount, currency) : `${coupon.percent}%`,
    off: coupon.kind === 'amount' ? t('amountOff') : t('percentOff'),
    condition: coupon.min_spend > 0 ? t('minSpend', { amount: formatPrice(coupon.min_spend, currency) }) : t('noMinimum'),
    scope: t(`scope.${coupon.scope}`),
  };
}

/**
 * What a coupon takes off an order (decision 039), pure: the lines in its scope (priced > 0) are
 * summed; below the minimum spend, or no line in scope, it takes nothing; `amount` takes at most
 * that sum; `percent` takes the sum less the money module's `applyPercentOff` of it (half up, on
 * the in-scope sum, once). The order's amount is lines − discount, never below 0.
 */
import { applyPercentOff, sumCents } from '@framecraft/contracts/money';
import type { CouponKind, CouponRefusal, CouponScope } from '@framecraft/contracts/coupon-constants';
import type { AdjustableLine } from '../commerce/index.ts';

export interface CouponTerms {
  kind: string;
  amount: number;
  percent: string;
  minSpend: number;
  scope: string;
  scopeIds: string;
  status: number;
  startTime: Date;
  endTime: Date;
}

export const scopeIdsOf = (text: string) => new Set(text.split(',').filter(Boolean).map(Number));

function inScope(terms: CouponTerms, ids: Set<number>, line: AdjustableLine): boolean {
  const scope = terms.scope as CouponScope;
  if (scope === 'all') return true;
  if (scope === 'type') return line.typeId !== null && ids.has(line.typeId);
  return line.courseId !== null && ids.has(line.courseId);
}

/** Is the coupon usable at `now` (switched on, inside its window)? null = yes. */
export function windowRefusal(terms: Pick<CouponTerms, 'status' | 'startTime' | 'endTime'>, now = new Date()): CouponRefusal | null {
  if (terms.status !== 1) return 'disabled';
  if (now.getTime() < terms.startTime.getTime()) return 'notStarted';
  if (now.getTime() >= terms.endTime.getTime()) return 'expired';
  return null;
}

/** The discount on these lines, or why the coupon takes nothing off them. */
export function discountFor(terms: CouponTerms, lines: AdjustableLine[]): { discount: number; refused: null } | { discount: 0; refused: CouponRefusal } {
  const ids = scopeIdsOf(terms.scopeIds);
  const eligible = sumCents(lines.filter((line) => line.price > 0 && inScope(terms, ids, line)).map((line) => line.price));
  if (eligible === 0) return { discount: 0, refused: 'outOfScope' };
  if (eligible < terms.minSpend) return { discount: 0, refused: 'belowMinimum' };
  const discount = (terms.kind as CouponKind) === 'amount' ? Math.min(terms.amount, eligible) : eligible - applyPercentOff(eligible, terms.percent);
  return discount > 0 ? { discount, refused: null } : { discount: 0, refused: 'outOfScope' };
}

/**
 * The one place a price is computed (decision 031). Every answer that shows what a member pays
 * (cart, order lines, catalogue) comes from `priceFor`. Today it applies the product brief's VIP
 * rules; the loyalty rate and coupons plug in here through `PricingContext` later.
 */
import type { PriceReason } from '@framecraft/contracts/commerce';
import { sumCents } from '@framecraft/contracts/money';

export interface PricedItem {
  price: number;
  /** Free for VIP level ≥ this; 0 = no rule. */
  vipFreeLevel: number;
  /** Price for any current VIP member; null = none. */
  vipPrice: number | null;
}

export interface PricingContext {
  /** The member's current VIP level (0 = none or expired). */
  vipLevel: number;
}

export interface Price {
  /** What the member pays, integer cents. */
  price: number;
  /** The item's own price, integer cents. */
  listPrice: number;
  reason: PriceReason;
}

/** The member's VIP level now: 0 without VIP or once `vip_date` has passed (null = lifetime). */
export function currentVipLevel(member: { vipLevel: number; vipDate: Date | null } | undefined, now = new Date()): number {
  if (!member || member.vipLevel <= 0) return 0;
  return member.vipDate && member.vipDate.getTime() <= now.getTime() ? 0 : member.vipLevel;
}

export const isVipFree = (item: Pick<PricedItem, 'vipFreeLevel'>, ctx: PricingContext) =>
  item.vipFreeLevel > 0 && ctx.vipLevel >= item.vipFreeLevel;

/** The price of one item for a member, and why. Lines are priced one by one, then summed. */
export function priceFor(item: PricedItem, ctx: PricingContext): Price {
  const listPrice = item.price;
  if (listPrice <= 0) return { price: 0, listPrice: 0, reason: 'free' };
  if (isVipFree(item, ctx)) return { price: 0, listPrice, reason: 'vip_free' };
  if (ctx.vipLevel > 0 && item.vipPrice !== null && item.vipPrice >= 0 && item.vipPrice < listPrice) {
    return { price: item.vipPrice, listPrice, reason: 'vip_price' };
  }
  return { price: listPrice, listPrice, reason: 'list' };
}

/** An order's amount: the money module's sum of its already priced lines. */
export const totalOf = (prices: readonly Pick<Price, 'price'>[]) => sumCents(prices.map((p) => p.price));

/**
 * The one place a price is computed (decision 031). Every answer that shows what a member pays
 * (cart, order lines, catalogue) comes from `priceFor`. It applies the product brief's VIP rules
 * and the loyalty rate (decision 038: `price × pay_rate` rounded half up to the cent by the money
 * module, or the VIP price when lower); coupons plug in after it, per order.
 */
import type { PriceReason } from '@framecraft/contracts/commerce';
import { DEFAULT_PAY_RATE } from '@framecraft/contracts/constants';
import { applyRate, sumCents } from '@framecraft/contracts/money';

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
  /** The member's loyalty rate (`rateInfo.pay_rate`, ≤ 1); absent = 1. */
  payRate?: number;
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

/** The pricing context of a member (visitors: no VIP, rate 1); `payRate` is looked up by the caller (commerce loyalty). */
export function pricingContextOf(member: { vipLevel: number; vipDate: Date | null; payRate?: number } | undefined, now = new Date()): PricingContext {
  return { vipLevel: currentVipLevel(member, now), payRate: member?.payRate ?? DEFAULT_PAY_RATE };
}

export const isVipFree = (item: Pick<PricedItem, 'vipFreeLevel'>, ctx: PricingContext) =>
  item.vipFreeLevel > 0 && ctx.vipLevel >= item.vipFreeLevel;

/** The price of one item for a member, and why. Lines are priced one by one, then summed. */
export function priceFor(item: PricedItem, ctx: PricingContext): Price {
  const listPrice = item.price;
  if (listPrice <= 0) return { price: 0, listPrice: 0, reason: 'free' };
  if (isVipFree(item, ctx)) return { price: 0, listPrice, reason: 'vip_free' };
  const payRate = ctx.payRate ?? DEFAULT_PAY_RATE;
  const rated = payRate === DEFAULT_PAY_RATE ? listPrice : Math.min(listPrice, applyRate(listPrice, payRate));
  if (ctx.vipLevel > 0 && item.vipPrice !== null && item.vipPrice >= 0 && item.vipPrice < rated) {
    return { price: item.vipPrice, listPrice, reason: 'vip_price' };
  }
  if (rated < listPrice) return { price: rated, listPrice, reason: 'loyalty_rate' };
  return { price: listPrice, listPrice, reason: 'list' };
}

/** An order's amount: the money module's sum of its already priced lines. */
export const totalOf = (prices: readonly Pick<Price, 'price'>[]) => sumCents(prices.map((p) => p.price));

/**
 * Coupons and invite commission (decision 039): constants and answer types without zod, so the
 * web imports them without the validation library; `coupons.ts` adds the input schemas.
 * Money is integer cents; times are Unix seconds; field names snake_case.
 */

/** `amount`: a fixed sum off; `percent`: a percentage off the items in scope. */
export const COUPON_KINDS = ['amount', 'percent'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Which items a coupon applies to: every item, the items of some types, or listed items. */
export const COUPON_SCOPES = ['all', 'type', 'items'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** A member's coupon: ready to use, held by an unpaid order, or spent by a paid one. */
export const MEMBER_COUPON_STATES = ['available', 'reserved', 'used'] as const;
export type MemberCouponState = (typeof MEMBER_COUPON_STATES)[number];

/** How the member got it: claimed with a code, or issued by an admin. */
export const MEMBER_COUPON_SOURCES = ['code', 'issued'] as const;
export type MemberCouponSource = (typeof MEMBER_COUPON_SOURCES)[number];

/** Tabs of the member's coupon page: usable now, spent, past their window. */
export const MY_COUPON_TABS = ['usable', 'used', 'expired'] as const;
export type MyCouponTab = (typeof MY_COUPON_TABS)[number];

/** A claim code: letters, digits, `-` and `_`, compared case-insensitively (stored upper case). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

/** Why a coupon cannot take money off an order (message keys `coupon.<reason>`). */
export const COUPON_REFUSALS = ['notStarted', 'expired', 'disabled', 'outOfScope', 'belowMinimum', 'inUse', 'used'] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** A member's coupon as the member centre and the checkout show it. */
export interface MemberCoupon {
  /** The member's coupon (what `POST /api/coupon/apply` takes). */
  id: number;
  coupon_id: number;
  name: string;
  kind: CouponKind;
  /** Cents off (kind amount). */
  amount: number;
  /** Percent off, e.g. "15" or "12.5" (kind percent). */
  percent: string;
  min_spend: number;
  scope: CouponScope;
  start_time: number;
  end_time: number;
  state: MemberCouponState;
  /** The order holding or having used it. */
  order_no: string;
  claim_time: number;
  use_time: number | null;
  /** Cents taken off by the order that used it. */
  discount: number;
}

/** `GET /api/coupon/list?tab=&page=&limit=`. */
export interface MemberCouponPage {
  list: MemberCoupon[];
  total: number;
}

/** One of the member's coupons measured against an order: what it would take off, or why not. */
export interface OrderCouponOption extends MemberCoupon {
  /** Cents it takes off this order (0 when refused). */
  order_discount: number;
  refused: CouponRefusal | null;
}

/** `GET /api/coupon/forOrder?order_no=`: the member's coupons for this order, best first. */
export interface OrderCoupons {
  list: OrderCouponOption[];
  /** The coupon the order holds now (null = none). */
  selected: number | null;
  /** The best usable one (what a new order gets preselected). */
  best: number | null;
}

/** `GET /api/invite/summary`: what /share states besides the invitee list. */
export interface InviteSummary {
  invite_code: string;
  /** Points per registration (setting `inviteRewardScore`). */
  reward_score: number;
  /** Commission on invitees' paid orders, percent as text ("10", "12.5"; "0" = none). */
  commission_percent: string;
  /** Commission credited less what refunds took back, cents. */
  earnings: number;
  invitees: number;
  /** Invitees with at least one paid order. */
  buyers: number;
}

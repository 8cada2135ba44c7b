import { ORDER_STATES, PAY_METHODS } from '../commerce-constants.ts';
import { COUPON_KINDS, COUPON_SCOPES, MEMBER_COUPON_SOURCES, MEMBER_COUPON_STATES } from '../coupon-constants.ts';
import { adminCouponInput } from '../coupons.ts';
import { vipTierInput } from '../member-money.ts';
import { defineCrud, type CrudRow } from './define.ts';
import { createTime, idField } from './fields.ts';

/**
 * The member-money tables of the back office on CRUD v2 (decisions 037, 039, 050): top-up orders,
 * VIP tiers, coupons, their claims and the invite commission. The write schemas are those of the
 * v1 declarations, field by field (`adminCouponInput`, `vipTierInput`); the coupon's whole-object
 * rules (amount or percent, window, scope ids) stay on `adminCouponInput`, which the server uses.
 */
const coupon = adminCouponInput.shape;
const vip = vipTierInput.shape;

/** The member of a row, filterable by username. */
const member = (name: string, as: string, label: string) =>
  ({
    name,
    type: 'relation',
    label,
    filter: true,
    relation: { as, controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
    list: { width: 140 },
    form: false,
  }) as const;

const ORDER_STATE_COLORS = { unpaid: 'orange', paid: 'green', closed: 'default', refunded: 'purple' } as const;

/** shop/topup: the top-up orders (shop orders of kind `topup`) — list, filter, export. */
export const shopTopupCrud = defineCrud({
  controller: 'shop/topup',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    idField,
    { name: 'order_no', type: 'string', search: true, filter: true, list: { width: 190 }, form: false },
    member('user_id', 'user', 'fields.member'),
    { name: 'state', type: 'enum', options: ORDER_STATES, optionLabel: 'shop.state', colors: ORDER_STATE_COLORS, filter: true, list: { width: 100 }, form: false },
    { name: 'amount', type: 'money', filter: true, sort: true, list: { width: 120 }, form: false },
    { name: 'pay_method', type: 'enum', options: PAY_METHODS, optionLabel: 'shop.method', filter: true, list: { width: 110 }, form: false },
    { name: 'trade_no', type: 'string', search: true, filter: true, list: { hidden: true }, form: false },
    { name: 'pay_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    createTime('create_time'),
  ],
});
export type ShopTopupRow = CrudRow<typeof shopTopupCrud>;

/** shop/vip: the VIP tiers members buy on /vip-pricing (days 0 = lifetime; prices in cents). */
export const shopVipCrud = defineCrud({
  controller: 'shop/vip',
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    idField,
    { name: 'level', type: 'number', filter: true, sort: true, list: { width: 80 }, form: { required: true, default: 1 }, schema: vip.level },
    { name: 'name_zh', type: 'string', search: true, filter: true, form: { required: true }, schema: vip.name_zh },
    { name: 'name_en', type: 'string', search: true, filter: true, form: {}, schema: vip.name_en },
    { name: 'days', type: 'number', label: 'fields.duration', filter: true, sort: true, list: { width: 110 }, form: { required: true, default: 30, help: 'fields.daysHelp' }, schema: vip.days },
    { name: 'price', type: 'money', label: 'fields.priceYuan', filter: true, sort: true, list: { width: 110 }, form: { required: true }, schema: vip.price },
    { name: 'list_price', type: 'money', label: 'fields.listPriceYuan', filter: true, list: { width: 110 }, form: {}, schema: vip.list_price },
    // Lists of lines: the page edits them one per line.
    { name: 'benefits_zh', type: 'text', list: false, form: { help: 'fields.benefitsHelp' }, schema: vip.benefits_zh },
    { name: 'benefits_en', type: 'text', list: false, form: { help: 'fields.benefitsHelp' }, schema: vip.benefits_en },
    { name: 'status', type: 'switch', filter: true, sort: true, list: { width: 100 }, form: { default: 1 }, schema: vip.status },
    { name: 'weigh', type: 'number', filter: true, sort: true, list: { width: 90, hidden: true }, form: false, schema: vip.weigh },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
export type ShopVipRow = CrudRow<typeof shopVipCrud>;

/** shop/coupon: amount or percent off, minimum spend, window, quantity, per-member limit, scope. */
export const shopCouponCrud = defineCrud({
  controller: 'shop/coupon',
  defaultOrder: 'id,desc',
  fields: [
    idField,
    { name: 'name', type: 'string', search: true, filter: true, form: { required: true }, schema: coupon.name },
    { name: 'code', type: 'string', label: 'fields.couponCode', search: true, filter: true, list: { width: 140 }, form: { help: 'coupon.codeHelp' }, schema: coupon.code },
    { name: 'kind', type: 'enum', label: 'fields.couponKind', options: COUPON_KINDS, optionLabel: 'coupon.kind', filter: true, list: { width: 110 }, form: { required: true, default: 'amount' }, schema: coupon.kind },
    // Typed in yuan and read by the server with `moneyInputSchema` (decision 018).
    { name: 'amount', type: 'money', label: 'fields.couponAmount', list: { width: 110 }, form: { help: 'coupon.amountHelp' }, schema: coupon.amount },
    { name: 'percent', type: 'number', label: 'fields.percent', list: { width: 90 }, form: { help: 'coupon.percentHelp' }, schema: coupon.percent },
    { name: 'min_spend', type: 'money', label: 'fields.minSpend', list: { width: 110 }, form: { default: '0' }, schema: coupon.min_spend },
    { name: 'start_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: { required: true }, schema: coupon.start_time },
    { name: 'end_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: { required: true }, schema: coupon.end_time },
    { name: 'quantity', type: 'number', label: 'fields.quantity', sort: true, list: { width: 100 }, form: { required: true, default: 100 }, schema: coupon.quantity },
    { name: 'claimed', type: 'number', label: 'fields.claimed', sort: true, list: { width: 100 }, form: false },
    { name: 'per_member', type: 'number', label: 'fields.perMember', list: { width: 100 }, form: { required: true, default: 1 }, schema: coupon.per_member },
    { name: 'scope', type: 'enum', label: 'fields.couponScope', options: COUPON_SCOPES, optionLabel: 'coupon.scope', filter: true, list: { width: 120 }, form: { required: true, default: 'all' }, schema: coupon.scope },
    { name: 'scope_ids', type: 'string', label: 'fields.scopeIds', list: { hidden: true }, form: {}, schema: coupon.scope_ids },
    { name: 'status', type: 'switch', filter: true, list: { width: 100 }, form: { default: 1 }, schema: coupon.status },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
export type ShopCouponRow = CrudRow<typeof shopCouponCrud>;

const CLAIM_COLORS = { available: 'green', reserved: 'orange', used: 'default' } as const;

/** shop/couponClaim: every coupon a member holds — claimed or issued, held by an order, used. */
export const shopCouponClaimCrud = defineCrud({
  controller: 'shop/couponClaim',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    idField,
    {
      name: 'coupon_id',
      type: 'relation',
      label: 'fields.coupon',
      filter: true,
      relation: { as: 'coupon', controller: 'shop/coupon', labelField: 'name', fields: ['code'], filter: ['name', 'code'] },
      form: false,
    },
    member('user_id', 'user', 'fields.member'),
    { name: 'source', type: 'enum', label: 'fields.couponSource', options: MEMBER_COUPON_SOURCES, optionLabel: 'coupon.source', filter: true, list: { width: 110 }, form: false },
    { name: 'state', type: 'enum', options: MEMBER_COUPON_STATES, optionLabel: 'coupon.state', colors: CLAIM_COLORS, filter: true, list: { width: 110 }, form: false },
    { name: 'order_no', type: 'string', search: true, filter: true, list: { width: 190 }, form: false },
    { name: 'discount', type: 'money', label: 'fields.discount', sort: true, list: { width: 110 }, form: false },
    { name: 'claim_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'use_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
  ],
});
export type ShopCouponClaimRow = CrudRow<typeof shopCouponClaimCrud>;

/** user/commission: invite commission per invitee's paid order, and what refunds took back. */
export const userCommissionCrud = defineCrud({
  controller: 'user/commission',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    idField,
    member('inviter_id', 'inviter', 'fields.inviter'),
    member('invitee_id', 'invitee', 'fields.invitee'),
    { name: 'order_no', type: 'string', search: true, filter: true, list: { width: 190 }, form: false },
    { name: 'order_amount', type: 'money', label: 'fields.orderAmount', sort: true, list: { width: 120 }, form: false },
    { name: 'percent', type: 'number', label: 'fields.percent', list: { width: 90 }, form: false },
    { name: 'amount', type: 'money', label: 'fields.commission', filter: true, sort: true, list: { width: 120 }, form: false },
    { name: 'reversed', type: 'money', label: 'fields.reversed', filter: true, list: { width: 120 }, form: false },
    createTime('create_time'),
  ],
});
export type UserCommissionRow = CrudRow<typeof userCommissionCrud>;

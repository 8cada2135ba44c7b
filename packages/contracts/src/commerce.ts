/**
 * Commerce inputs (zod, strict: unknown fields are refused) shared by the server and the web
 * forms; constants and answer types live in zod-free `commerce-constants.ts` (re-exported here).
 * Every failure message is a message key (namespace `commerce`). A price or amount sent by a
 * client is never trusted: only a top-up amount is an input, and it is bounded.
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './ledger.ts';

export * from './commerce-constants.ts';
import {
  CART_MAX_LINES,
  COMMERCE_LIST_LIMIT,
  MAX_ORDER_AMOUNT,
  ORDER_MAX_ITEMS,
  ORDER_NO_PATTERN,
  ORDER_STATES,
  PAY_DEVICES,
  PAY_METHODS,
} from './commerce-constants.ts';

/** Unknown fields are refused with one clear message. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? 'commerce.unknownParameter' : undefined) };
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const itemId = z.coerce.number({ error: 'commerce.itemNotFound' }).int('commerce.itemNotFound').positive('commerce.itemNotFound').max(2_147_483_647, 'commerce.itemNotFound');
const rowId = z.coerce.number().int().positive().max(2_147_483_647);

export const pageQuery = {
  page: optional(z.coerce.number().int().min(1).max(10_000)).default(1),
  limit: optional(z.coerce.number().int().min(1).max(COMMERCE_LIST_LIMIT.max)).default(COMMERCE_LIST_LIMIT.default),
};

/** An order number: anything else is answered like an unknown order (no hint of the format). */
export const orderNoSchema = z.string({ error: 'commerce.orderNotFound' }).trim().regex(ORDER_NO_PATTERN, 'commerce.orderNotFound');

/** `POST /api/cart/add`. */
export const cartAddInput = z.strictObject({ item_id: itemId }, strict);
/** `POST /api/cart/remove` — cart line ids. */
export const cartRemoveInput = z.strictObject(
  { ids: z.array(rowId, { error: 'commerce.cartIdsRequired' }).min(1, 'commerce.cartIdsRequired').max(CART_MAX_LINES) },
  strict,
);

/** A whole number of cents, > 0, not absurd: negative, zero, fractional or huge amounts are refused. */
export const amountSchema = z
  .number({ error: 'commerce.amountInvalid' })
  .int('commerce.amountInvalid')
  .positive('commerce.amountInvalid')
  .max(MAX_ORDER_AMOUNT, 'commerce.amountTooLarge');

const courseOrder = z.strictObject(
  {
    kind: z.literal('course').optional(),
    items: z
      .array(itemId, { error: 'commerce.itemsRequired' })
      .min(1, 'commerce.itemsRequired')
      .max(ORDER_MAX_ITEMS, 'commerce.tooManyItems')
      .refine((ids) => new Set(ids).size === ids.length, 'commerce.duplicateItems'),
    /** The member's coupon to use (decision 039); 0 = none; left out = the best one. */
    coupon_id: z.coerce.number({ error: 'coupon.notFound' }).int('coupon.notFound').min(0, 'coupon.notFound').max(2_147_483_647, 'coupon.notFound').optional(),
  },
  strict,
);
const vipOrder = z.strictObject({ kind: z.literal('vip'), tier_id: rowId }, strict);
const topupOrder = z.strictObject({ kind: z.literal('topup'), amount: amountSchema }, strict);

/** `POST /api/order/create`: `{items}` (kind course), `{kind: 'vip', tier_id}` or `{kind: 'topup', amount}`. */
export const orderCreateInput = z.union([courseOrder, vipOrder, topupOrder], { error: 'commerce.orderKindInvalid' });
export type OrderCreateInput = z.output<typeof courseOrder> | z.output<typeof vipOrder> | z.output<typeof topupOrder>;

/** Pick the branch by `kind` so a failure names the right field instead of "no branch matched". */
export function orderCreateSchemaFor(input: unknown): z.ZodType<OrderCreateInput> {
  const kind = typeof input === 'object' && input !== null ? (input as { kind?: unknown }).kind : undefined;
  if (kind === 'vip') return vipOrder;
  if (kind === 'topup') return topupOrder;
  return courseOrder;
}

/** `GET /api/order/detail?order_no=`, `POST /api/order/cancel {order_no}`. */
export const orderNoInput = z.strictObject({ order_no: orderNoSchema }, strict);

/** `GET /api/order/list?state=&page=&limit=`. */
export const orderListQuery = z.strictObject({ state: optional(z.enum(ORDER_STATES)), ...pageQuery }, strict);

/** `POST /api/pay/submit`. */
export const paySubmitInput = z.strictObject(
  {
    order_no: orderNoSchema,
    method: z.enum(PAY_METHODS, { error: 'commerce.methodUnavailable' }),
    /** Picks a provider's desktop or phone cashier (Alipay page/wap pay); the user agent decides when absent. */
    device: optional(z.enum(PAY_DEVICES)),
  },
  strict,
);

/** `GET /api/pay/log`, `GET /api/purchase/list`. */
export const commercePageQuery = z.strictObject(pageQuery, strict);

/** `POST /api/purchase/link {item_id, file_id | lesson_id}` — exactly one of the two. */
export const purchaseLinkInput = z
  .strictObject({ item_id: itemId, file_id: rowId.optional(), lesson_id: rowId.optional() }, strict)
  .refine((v) => (v.file_id === undefined) !== (v.lesson_id === undefined), { message: 'commerce.fileOrLesson', path: ['file_id'] });

/** The sandbox page's POST to `/api/pay/notify/sandbox` (form or JSON). */
export const sandboxNotificationInput = z.strictObject(
  {
    order_no: z.string().max(40),
    trade_no: z.string().max(64),
    amount: z.string().max(20),
    currency: z.string().max(8),
    expire: z.string().max(20),
    sign: z.string().max(128),
    result: z.enum(['paid', 'failed', 'cancelled']),
  },
  strict,
);

// ── Admin ─────────────────────────────────────────────────────────────────────────────────────

/** `GET /admin/shop/order/detail?id=`, `POST /admin/shop/order/close {id}`. */
export const adminOrderIdInput = z.strictObject({ id: rowId }, strict);

/** `POST /admin/shop/order/refund {id, amount, memo?}` — amount in cents, at most what is left to refund. */
export const adminRefundInput = z.strictObject(
  {
    id: rowId,
    amount: amountSchema,
    memo: z.string().trim().max(200).optional().default(''),
    /** One per opened refund dialog, resent on retry: a retried request refunds once (decision 019). */
    idempotency_key: z.string().trim().regex(IDEMPOTENCY_KEY_PATTERN, 'admin.member.keyInvalid').optional(),
  },
  strict,
);

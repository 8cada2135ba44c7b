/**
 * Coupon and invite inputs (zod, strict; decision 039). Failure messages are message keys of the
 * `coupon` namespace. Admin amounts are typed yuan, turned into cents by the money module.
 */
import { z } from 'zod';
import { COUPON_CODE_PATTERN, COUPON_KINDS, COUPON_SCOPES, MY_COUPON_TABS } from './coupon-constants.ts';
import { ORDER_NO_PATTERN } from './commerce-constants.ts';
import { moneyInputSchema } from './validation.ts';

export * from './coupon-constants.ts';

const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? 'commerce.unknownParameter' : undefined) };
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const rowId = z.coerce.number({ error: 'coupon.notFound' }).int('coupon.notFound').positive('coupon.notFound').max(2_147_483_647, 'coupon.notFound');
const orderNo = z.string({ error: 'commerce.orderNotFound' }).trim().regex(ORDER_NO_PATTERN, 'commerce.orderNotFound');

export const couponCodeSchema = z
  .string({ error: 'coupon.codeInvalid' })
  .trim()
  .regex(COUPON_CODE_PATTERN, 'coupon.codeInvalid')
  .transform((code) => code.toUpperCase());

/** `POST /api/coupon/claim {code}`. */
export const couponClaimInput = z.strictObject({ code: couponCodeSchema }, strict);

/** `GET /api/coupon/list?tab=&page=&limit=`. */
export const myCouponsQuery = z.strictObject(
  {
    tab: optional(z.enum(MY_COUPON_TABS)).default('usable'),
    page: optional(z.coerce.number().int().min(1).max(10_000)).default(1),
    limit: optional(z.coerce.number().int().min(1).max(50)).default(10),
  },
  strict,
);

/** `GET /api/coupon/forOrder?order_no=`. */
export const orderCouponsQuery = z.strictObject({ order_no: orderNo }, strict);

/** `POST /api/coupon/apply {order_no, coupon_id}` — the member's coupon id, 0 = no coupon. */
export const couponApplyInput = z.strictObject(
  { order_no: orderNo, coupon_id: z.coerce.number({ error: 'coupon.notFound' }).int('coupon.notFound').min(0, 'coupon.notFound').max(2_147_483_647, 'coupon.notFound') },
  strict,
);

/** Ids typed as "3, 7,12" → "3,7,12" (deduplicated); anything else is refused. */
const idList = z
  .string()
  .trim()
  .max(1000, 'coupon.scopeIdsInvalid')
  .regex(/^(\d+\s*(,\s*\d+\s*)*)?$/, 'coupon.scopeIdsInvalid')
  .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean).map(Number))].join(','));

/** `shop/coupon` add/edit: cents from typed yuan, times as Unix seconds or dates. */
export const adminCouponInput = z
  .object({
    name: z.string({ error: 'coupon.nameRequired' }).trim().min(1, 'coupon.nameRequired').max(100),
    code: optional(couponCodeSchema).transform((v) => v ?? null),
    kind: z.enum(COUPON_KINDS, { error: 'coupon.kindInvalid' }),
    amount: optional(moneyInputSchema({ allowZero: true, max: 100_000_000 })).transform((v) => v ?? 0),
    // Up to 2 decimals, above 0 and below 100: read as text, never through a float.
    percent: optional(
      z
        .union([z.string(), z.number()], { error: 'coupon.percentInvalid' })
        .transform((v) => String(v).trim())
        .refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'coupon.percentInvalid'),
    ).transform((v) => v ?? '0'),
    min_spend: optional(moneyInputSchema({ allowZero: true, max: 100_000_000 })).transform((v) => v ?? 0),
    start_time: z.coerce.number({ error: 'coupon.windowInvalid' }).int().min(0),
    end_time: z.coerce.number({ error: 'coupon.windowInvalid' }).int().min(0),
    quantity: z.coerce.number({ error: 'coupon.quantityInvalid' }).int('coupon.quantityInvalid').min(1, 'coupon.quantityInvalid').max(10_000_000, 'coupon.quantityInvalid'),
    per_member: z.coerce.number({ error: 'coupon.perMemberInvalid' }).int('coupon.perMemberInvalid').min(1, 'coupon.perMemberInvalid').max(1000, 'coupon.perMemberInvalid'),
    scope: z.enum(COUPON_SCOPES, { error: 'coupon.scopeInvalid' }),
    scope_ids: optional(idList).transform((v) => v ?? ''),
    status: optional(z.coerce.number().int().min(0).max(1)).transform((v) => v ?? 1),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'amount' && v.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'coupon.amountRequired' });
    if (v.kind === 'percent' && v.percent === '0') ctx.addIssue({ code: 'custom', path: ['percent'], message: 'coupon.percentInvalid' });
    if (v.end_time <= v.start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'coupon.windowInvalid' });
    if (v.scope !== 'all' && v.scope_ids === '') ctx.addIssue({ code: 'custom', path: ['scope_ids'], message: 'coupon.scopeIdsInvalid' });
  });

/** `POST /admin/shop/coupon/issue {id, target, user_id?}`: to every member or to one. */
export const adminCouponIssueInput = z.strictObject(
  {
    id: rowId,
    target: z.enum(['all', 'member'], { error: 'coupon.targetInvalid' }),
    user_id: optional(z.coerce.number().int().positive().max(2_147_483_647)),
  },
  strict,
).refine((v) => v.target === 'all' || v.user_id !== undefined, { message: 'coupon.memberRequired', path: ['user_id'] });

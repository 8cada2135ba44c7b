/**
 * Coupon calls (decision 039): the member's list and claim (member node `user/myCoupons`), the
 * checkout's options and choice for an order; the back office `shop/coupon` (CRUD + issue) and
 * `shop/couponClaim` (claims and uses). Registers the order adjustment and the order events.
 */
import { adminCouponInput, adminCouponIssueInput, couponApplyInput, couponClaimInput, myCouponsQuery, orderCouponsQuery } from '@framecraft/contracts/coupons';
import { shopCouponClaimCrud, shopCouponCrud } from '@framecraft/contracts/crud/member-money';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute, currentAccess } from '../admin/index.ts';
import { crudRoutes, fromContract } from '../admin/index.ts';
import type { CrudContext, Row } from '../admin/index.ts';
import { unknownItemIds, unknownTypeIds } from '../catalogue/index.ts';
import {
  adjustableLines,
  findMemberOrder,
  linesOf,
  notPayable,
  onOrderClosed,
  onOrderPaid,
  readjustOpenOrder,
  registerOrderAdjustment,
  toOrder,
} from '../commerce/index.ts';
import { enabledMemberIds, memberExists, requireMemberNode, user } from '../member-access/index.ts';
import { currentUser, requireUser } from '../session/index.ts';
import { claimByCode, couponAdjustment, couponsForOrder, issueToAll, issueToMember, listMemberCoupons, markUsed, releaseFor } from './service.ts';
import { coupon, memberCoupon } from './tables.ts';
import { scopeIdsOf } from './terms.ts';

registerOrderAdjustment(couponAdjustment);
onOrderPaid((tx, order) => markUsed(tx, order));
onOrderClosed((db, ids) => releaseFor(db, ids));

const fromSeconds = (value: unknown) => new Date(Number(value) * 1000);

export const couponRoutes = fp(async (app: FastifyInstance) => {
  const db = app.deps.db;
  const node = { preHandler: requireMemberNode('user/myCoupons') };
  const auth = { preHandler: requireUser };

  app.get('/api/coupon/list', node, async (request, reply) => {
    const { tab, page, limit } = validate(myCouponsQuery, request.query, request.lang);
    return reply.ok(await listMemberCoupons(db, currentUser(request).id, tab, page, limit));
  });
  app.post('/api/coupon/claim', node, async (request, reply) => {
    const { code } = validate(couponClaimInput, request.body, request.lang);
    return reply.ok(await claimByCode(db, currentUser(request).id, code), 'coupon.claimed');
  });
  app.get('/api/coupon/forOrder', auth, async (request, reply) => {
    const { order_no } = validate(orderCouponsQuery, request.query, request.lang);
    const order = await findMemberOrder(db, currentUser(request).id, order_no);
    if (order.kind !== 'course') return reply.ok({ list: [], selected: null, best: null });
    return reply.ok(await couponsForOrder(db, order.userId, order.id, await adjustableLines(db, order.id), order.couponId));
  });
  app.post('/api/coupon/apply', auth, async (request, reply) => {
    const { order_no, coupon_id } = validate(couponApplyInput, request.body, request.lang);
    const order = await findMemberOrder(db, currentUser(request).id, order_no);
    if (order.kind !== 'course') throw new ApiError('coupon.courseOnly');
    const updated = await readjustOpenOrder(db, order.id, coupon_id);
    if (!updated) throw notPayable(await findMemberOrder(db, order.userId, order_no));
    const answer = toOrder(updated, (await linesOf(db, [order.id])).get(order.id) ?? []);
    return reply.ok(answer, coupon_id === 0 ? 'coupon.removed' : 'coupon.applied');
  });

  couponAdminRoutes(app);
});

/**
 * A scope of types or items names only existing ones (deleted items count as missing): otherwise a
 * field message on `scope_ids` listing the unknown ids. "All" keeps no ids.
 */
async function checkScope(ctx: CrudContext, scope: string, idsText: string) {
  if (scope === 'all') return;
  const ids = [...scopeIdsOf(idsText)];
  const unknown = scope === 'type' ? await unknownTypeIds(ctx.db, ids) : await unknownItemIds(ctx.db, ids);
  if (unknown.length === 0) return;
  const msg = ctx.request.t(scope === 'type' ? 'coupon.scopeTypeUnknown' : 'coupon.scopeItemUnknown', { ids: unknown.join(', ') });
  throw new ApiError('api.validationFailed', { msg, data: { errors: { scope_ids: msg } } });
}

function couponAdminRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  crudRoutes(
    app,
    fromContract(shopCouponCrud, {
      table: coupon,
      // The whole-object rules (amount or percent, window, scope ids) are on adminCouponInput.
      schemas: { add: adminCouponInput as never, edit: adminCouponInput as never },
      hooks: {
        async beforeSave(data: Row, ctx, existing) {
          if (existing && Number(data.quantity) < Number(existing.claimed)) throw new ApiError('coupon.quantityInvalid');
          await checkScope(ctx, String(data.scope), String(data.scope_ids ?? ''));
          return {
            ...data,
            scope_ids: data.scope === 'all' ? '' : data.scope_ids,
            start_time: fromSeconds(data.start_time),
            end_time: fromSeconds(data.end_time),
            admin_id: existing?.admin_id ?? ctx.access.adminId,
          };
        },
        async beforeDelete(rows, ctx) {
          const ids = rows.map((r) => Number(r.id));
          const [held] = await ctx.db.select({ n: count() }).from(memberCoupon).where(inArray(memberCoupon.couponId, ids));
          if ((held?.n ?? 0) > 0) throw new ApiError('coupon.hasClaims');
        },
      },
    }),
  );
  crudRoutes(app, fromContract(shopCouponClaimCrud, { table: memberCoupon, relationTables: { user, coupon } }));
  adminRoute(app, { method: 'POST', path: 'shop/coupon/issue', node: 'shop/coupon/issue' }, async (request, reply) => {
    const input = validate(adminCouponIssueInput, request.body, request.lang);
    const adminId = currentAccess(request).adminId;
    let issued: number;
    if (input.target === 'member') {
      if (!(await memberExists(db, input.user_id!))) throw new ApiError('coupon.memberNotFound');
      issued = await issueToMember(db, input.id, input.user_id!, adminId);
    } else {
      issued = await issueToAll(db, input.id, adminId, () => enabledMemberIds(db));
    }
    return reply.ok({ count: issued }, 'coupon.issued');
  });
}

/**
 * Reconciliation (decision 036): a lost or late notification never leaves a paid order unpaid.
 * The server asks the provider — when the member comes back to the result page
 * (`POST /api/pay/query`), when an admin presses "query provider" (`shop/order/query`), and in a
 * periodic job for orders near or just past their expiry — and settles through the notification
 * path (`settlePayment`), so an order is paid at most once whichever arrives first.
 */
import { orderNoInput, adminOrderIdInput, type PayQueryAnswer } from '@framecraft/contracts/commerce';
import type { Language } from '@framecraft/contracts/constants';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute } from '../admin/index.ts';
import { requireUser } from '../session/index.ts';
import { effectiveState, findMemberOrder, type OrderRow } from './orders.ts';
import { ordersToReconcile, reconcileOrder, type PaymentContext } from './payments.ts';
import { payLog, shopOrder } from './tables.ts';

/** A member may make the server ask the provider about one order this often at most. */
const MEMBER_QUERY_GAP_MS = 5_000;
/** The job runs every minute for orders expiring within 5 minutes or expired within the last hour. */
export const RECONCILE_INTERVAL_MS = 60_000;
const RECONCILE_AHEAD_MS = 5 * 60_000;
const RECONCILE_GRACE_MS = 60 * 60_000;

type ContextFor = (request: { lang: Language; ip: string }) => PaymentContext;

/** The job asks about one order at most this often (it looks at an order for an hour and more). */
const JOB_QUERY_GAP_MS = 10 * 60_000;

async function queriedRecently(db: Db, orderId: number, gapMs: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payLog.id })
    .from(payLog)
    .where(and(eq(payLog.orderId, orderId), eq(payLog.kind, 'query'), gt(payLog.createdAt, sql`now() - make_interval(secs => ${gapMs / 1000})`)))
    .limit(1);
  return row !== undefined;
}

async function queryAnswer(ctx: PaymentContext, order: OrderRow, ask: boolean): Promise<PayQueryAnswer> {
  const result = ask ? await reconcileOrder(ctx, order) : { provider: 'unknown' as const, settled: false };
  const [now] = await ctx.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
  return { order_no: order.orderNo, state: effectiveState(now ?? order), provider: result.provider, settled: result.settled };
}

/** Only unpaid (or expired/closed, for a late payment) orders are worth asking about. */
const askable = (order: OrderRow) => order.state === 'unpaid' || order.state === 'closed';

export function reconcileRoutes(app: FastifyInstance, contextFor: ContextFor) {
  const db = app.deps.db;

  // The result page calls this when the member returns and the order is still unpaid. Own orders
  // only (another member's number answers like an unknown one); per-IP limited, and the provider
  // is asked about one order at most every few seconds whoever asks.
  app.post(
    '/api/pay/query',
    { preHandler: requireUser, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
    async (request: FastifyRequest, reply) => {
      const { order_no } = validate(orderNoInput, request.body, request.lang);
      const order = await findMemberOrder(db, request.user!.id, order_no);
      const ask = askable(order) && !(await queriedRecently(db, order.id, MEMBER_QUERY_GAP_MS));
      const answer = await queryAnswer(contextFor(request), order, ask);
      return reply.ok(answer, answer.state === 'paid' ? 'payments.queryPaid' : undefined);
    },
  );

  adminRoute(app, { method: 'POST', path: 'shop/order/query', node: 'shop/order/query' }, async (request, reply) => {
    const { id } = validate(adminOrderIdInput, request.body, request.lang);
    const [order] = await db.select().from(shopOrder).where(eq(shopOrder.id, id));
    if (!order) throw new ApiError('commerce.orderNotFound');
    if (!askable(order)) throw new ApiError(order.state === 'paid' ? 'commerce.orderPaid' : 'commerce.orderRefunded');
    const answer = await queryAnswer(contextFor(request), order, true);
    if (answer.provider === 'unknown') throw new ApiError('payments.queryUnavailable', { data: answer });
    return reply.ok(answer, answer.state === 'paid' ? 'payments.queryPaid' : 'payments.queryNotPaid');
  });

  app.jobs.every('commerce.reconcilePayments', RECONCILE_INTERVAL_MS, async () => {
    await reconcileDue(contextFor({ lang: 'en', ip: '' }));
  });
}

/** One run of the periodic job: ask about every order near or just past its expiry. */
export async function reconcileDue(ctx: PaymentContext): Promise<number> {
  let settled = 0;
  for (const order of await ordersToReconcile(ctx.db, RECONCILE_AHEAD_MS, RECONCILE_GRACE_MS)) {
    if (await queriedRecently(ctx.db, order.id, JOB_QUERY_GAP_MS)) continue;
    // A provider's answer for one order must not stop the others.
    const result = await reconcileOrder(ctx, order).catch(() => ({ settled: false }));
    if (result.settled) settled += 1;
  }
  return settled;
}

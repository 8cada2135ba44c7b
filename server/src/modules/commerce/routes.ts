/**
 * Commerce calls (conventions "Commerce calls"): cart, orders, payment, delivery for members;
 * `/api/pay/notify/{method}` for providers. Amounts in integer cents; unknown fields refused.
 */
import {
  cartAddInput,
  cartRemoveInput,
  commercePageQuery,
  orderCreateSchemaFor,
  orderListQuery,
  orderNoInput,
  paySubmitInput,
  purchaseLinkInput,
  type PayMethods,
  type PaySubmitAnswer,
} from '@framecraft/contracts/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { requireUser } from '../session/guards.ts';
import { commerceAdminRoutes } from './admin.ts';
import { addToCart, cartCount, listCart, removeFromCart } from './cart.ts';
import { deliveryTarget, listPurchases, type LinkSigner } from './delivery.ts';
import { cancelOrder, createOrder, effectiveState, findMemberOrder, listOrders, notPayable, orderDetail, sweepExpiredOrders } from './orders.ts';
import { balanceProvider, memberPayLog, offeredMethods, paymentProvider, registerPaymentProvider, settleNotification, type PaymentContext } from './payments.ts';
import { sandboxProvider } from './sandbox.ts';

registerPaymentProvider(balanceProvider);
registerPaymentProvider(sandboxProvider);

/** Shop currency (the money module's setting once it lands; CNY until then). */
export const SHOP_CURRENCY = 'CNY';
/** How often each instance closes expired orders (lazy expiry already holds in between). */
const SWEEP_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs delivery links (set by private storage; none = downloads unavailable). */
    commerceLinkSigner?: LinkSigner;
  }
}

export const commerceRoutes = fp(async (app: FastifyInstance) => {
  const db = app.deps.db;
  const production = app.deps.env.NODE_ENV === 'production';
  const paymentContext = (request: FastifyRequest): PaymentContext => ({
    db,
    lang: request.lang,
    production,
    setting: (name) => app.siteConfig.string(name),
    ip: request.ip,
  });
  const member = (request: FastifyRequest) => request.user!;
  const auth = { preHandler: requireUser };

  // ── Cart ──
  app.get('/api/cart/list', auth, async (request, reply) => reply.ok(await listCart(db, member(request), request.lang)));
  app.get('/api/cart/count', auth, async (request, reply) => reply.ok({ count: await cartCount(db, member(request).id) }));
  app.post('/api/cart/add', auth, async (request, reply) => {
    const { item_id } = validate(cartAddInput, request.body, request.lang);
    const { added, count } = await addToCart(db, member(request), item_id);
    return reply.ok({ count }, added ? 'commerce.cartAdded' : 'commerce.cartAlready');
  });
  app.post('/api/cart/remove', auth, async (request, reply) => {
    const { ids } = validate(cartRemoveInput, request.body, request.lang);
    return reply.ok({ count: await removeFromCart(db, member(request).id, ids) }, 'commerce.cartRemoved');
  });

  // ── Orders ──
  app.post('/api/order/create', auth, async (request, reply) => {
    const input = validate(orderCreateSchemaFor(request.body), request.body, request.lang);
    const expireMinutes = Math.min(Math.max(Math.trunc(await app.siteConfig.number('orderExpireMinutes', 30)), 1), 10_080);
    const order = await createOrder(db, member(request), input, { expireMinutes, currency: SHOP_CURRENCY, lang: request.lang });
    return reply.ok(order, 'commerce.orderCreated');
  });
  app.get('/api/order/detail', auth, async (request, reply) => {
    const { order_no } = validate(orderNoInput, request.query, request.lang);
    return reply.ok(await orderDetail(db, member(request).id, order_no));
  });
  app.get('/api/order/list', auth, async (request, reply) => {
    const query = validate(orderListQuery, request.query, request.lang);
    return reply.ok(await listOrders(db, member(request).id, query));
  });
  app.post('/api/order/cancel', auth, async (request, reply) => {
    const { order_no } = validate(orderNoInput, request.body, request.lang);
    return reply.ok(await cancelOrder(db, member(request).id, order_no), 'commerce.orderCancelled');
  });

  // ── Payment ──
  app.get('/api/pay/methods', auth, async (request, reply) => {
    const codes = await offeredMethods(paymentContext(request));
    const answer: PayMethods = {
      list: codes.map((code) => ({ code, name: request.t(`commerce.method.${code}`) })),
      balance: member(request).money,
      currency: SHOP_CURRENCY,
    };
    return reply.ok(answer);
  });
  app.post('/api/pay/submit', auth, async (request, reply) => {
    const { order_no, method } = validate(paySubmitInput, request.body, request.lang);
    const ctx = paymentContext(request);
    const order = await findMemberOrder(db, member(request).id, order_no);
    if (effectiveState(order) !== 'unpaid') throw notPayable(order);
    const provider = paymentProvider(method);
    if (!provider || !(await offeredMethods(ctx)).includes(method)) throw new ApiError('commerce.methodUnavailable');
    const action = await provider.create(ctx, order);
    // A balance payment has completed (or thrown); other methods are still unpaid until notified.
    const state = method === 'balance' ? 'paid' : effectiveState(await findMemberOrder(db, member(request).id, order_no));
    const answer: PaySubmitAnswer = { order_no, state, action };
    return reply.ok(answer, answer.state === 'paid' ? 'commerce.paid' : undefined);
  });
  app.get('/api/pay/log', auth, async (request, reply) => {
    const { page, limit } = validate(commercePageQuery, request.query, request.lang);
    return reply.ok(await memberPayLog(db, member(request).id, page, limit));
  });

  // Provider → server: no member token; the exact body is kept (signatures, the pay log) and the
  // provider gets its own reply format. Form bodies are accepted here only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { method: string } }>('/api/pay/notify/:method', async (request, reply) => {
      const provider = paymentProvider(request.params.method);
      if (!provider?.parseNotification) throw new ApiError('commerce.methodUnavailable', { httpStatus: 404 });
      const raw = typeof request.body === 'string' ? request.body : '';
      const contentType = String(request.headers['content-type'] ?? '');
      let body: unknown = {};
      try {
        body = contentType.includes('json') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        body = {};
      }
      const ctx = paymentContext(request);
      const parsed = await provider.parseNotification(ctx, body, raw);
      const outcome = await settleNotification(ctx, provider.code, parsed, raw);
      const answer = provider.reply?.(outcome.accepted, outcome.reason) ?? { status: outcome.accepted ? 200 : 400, contentType: 'text/plain', body: outcome.accepted ? 'success' : 'fail' };
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
  });

  // ── Delivery ──
  app.get('/api/purchase/list', auth, async (request, reply) => {
    const { page, limit } = validate(commercePageQuery, request.query, request.lang);
    return reply.ok(await listPurchases(db, member(request).id, request.lang, page, limit));
  });
  app.post('/api/purchase/link', auth, async (request, reply) => {
    const input = validate(purchaseLinkInput, request.body, request.lang);
    const target = await deliveryTarget(db, member(request), input);
    if (!app.commerceLinkSigner) throw new ApiError('commerce.deliveryUnavailable');
    return reply.ok(await app.commerceLinkSigner(target));
  });

  commerceAdminRoutes(app);

  // The expiry sweeper: every instance runs it; the guarded update closes each order once.
  const timer = setInterval(() => {
    sweepExpiredOrders(db).catch((err: unknown) => app.log.warn({ err }, 'order sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

/**
 * Commerce calls (conventions "Commerce calls"): cart, orders, payment, delivery for members;
 * `/api/pay/notify/{method}` for providers. Amounts in integer cents; unknown fields refused.
 */
import { registerDashboardSales } from '../admin/index.ts';
import { registerBuyerLookup } from '../accounts/index.ts';
import { membersWhoBought } from './hooks.ts';
import { salesPerDay, salesSince, topSellingItems } from './figures.ts';
import {
  cartAddInput,
  cartRemoveInput,
  commercePageQuery,
  orderCreateSchemaFor,
  orderListQuery,
  orderNoInput,
  paySubmitInput,
  purchaseLinkInput,
  type PayDevice,
  type PayMethods,
  type PurchaseLink,
  type PaySubmitAnswer,
} from '@framecraft/contracts/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currencyOf } from '@framecraft/contracts/money';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { providerRoute, providerAnswer } from '../../plugins/provider-routes.ts';
import { requireUser } from '../session/index.ts';
import { createSignedLink, isStorageName } from '../storage/index.ts';
import { commerceAdminRoutes } from './admin.ts';
import { addToCart, cartCount, listCart, removeFromCart } from './cart.ts';
import { deliveryTarget, listPurchases } from './delivery.ts';
import { cancelOrder, createOrder, effectiveState, findMemberOrder, listOrders, notPayable, orderDetail, sweepExpiredOrders } from './orders.ts';
import { balanceProvider, memberPayLog, offeredMethods, paymentProvider, registerPaymentProvider, settleNotification, writePayLog, type PaymentContext } from './payments.ts';
import { reconcileRoutes } from './reconcile.ts';
import { sandboxCashierRoute, sandboxProvider } from './sandbox.ts';
import { paymentStatusRoute } from './payment-status.ts';
import { memberRateInfo } from './loyalty.ts';
import { paymentObserverOf } from './metrics.ts';

registerPaymentProvider(balanceProvider);
registerPaymentProvider(sandboxProvider);

/** How often each instance closes expired orders (lazy expiry already holds in between). */
const SWEEP_INTERVAL_MS = 60_000;
/** Phones and tablets get a provider's phone cashier (Alipay wap pay) unless the page says otherwise. */
const MOBILE_AGENT = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;


/** What a payment provider may read for one request (settings per call, the request's language, IP and browser). */
export function paymentContextFor(app: FastifyInstance, request: Pick<FastifyRequest, 'lang' | 'ip'> & { headers?: FastifyRequest['headers'] }, device?: PayDevice): PaymentContext {
  const userAgent = String(request.headers?.['user-agent'] ?? '');
  return {
    db: app.deps.db,
    lang: request.lang,
    production: app.deps.env.NODE_ENV === 'production',
    // Multiple-choice settings may be stored as a list or as comma-separated text.
    setting: async (name) => {
      const value = await app.siteConfig.get(name);
      return Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
    },
    ip: request.ip,
    userAgent,
    device: device ?? (MOBILE_AGENT.test(userAgent) ? 'mobile' : 'desktop'),
    observe: paymentObserverOf(app),
  };
}

export const commerceRoutes = fp(async (app: FastifyInstance) => {
  const db = app.deps.db;
  // The back office's dashboard shows the shop's sales from these aggregates (decision 042).
  registerDashboardSales({ salesSince, salesPerDay, topSellingItems });
  // The invitee list of /share says who bought (accounts asks through this lookup).
  registerBuyerLookup(membersWhoBought);
  /** The shop currency setting (decision 018); an order snapshots it at creation. */
  const shopCurrency = async () => currencyOf(await app.siteConfig.get('currency'));
  const paymentContext = (request: Pick<FastifyRequest, 'lang' | 'ip'> & { headers?: FastifyRequest['headers'] }, device?: PayDevice): PaymentContext =>
    paymentContextFor(app, request, device);
  const member = (request: FastifyRequest) => request.user!;
  /** The member with their loyalty rate, for answers that price items (decision 038). */
  const pricedMember = async (request: FastifyRequest) => ({ ...request.user!, payRate: (await memberRateInfo(db, app.siteConfig, request.user!.id)).pay_rate });
  const auth = { preHandler: requireUser };

  // ── Cart ──
  app.get('/api/cart/list', auth, async (request, reply) => reply.ok(await listCart(db, await pricedMember(request), request.lang)));
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
    const order = await createOrder(db, await pricedMember(request), input, { expireMinutes, currency: await shopCurrency(), lang: request.lang });
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
      currency: await shopCurrency(),
    };
    return reply.ok(answer);
  });
  app.post('/api/pay/submit', auth, async (request, reply) => {
    const { order_no, method, device } = validate(paySubmitInput, request.body, request.lang);
    const ctx = paymentContext(request, device);
    const order = await findMemberOrder(db, member(request).id, order_no);
    if (effectiveState(order) !== 'unpaid') throw notPayable(order);
    const provider = paymentProvider(method);
    if (!provider || !(await offeredMethods(ctx)).includes(method)) throw new ApiError('commerce.methodUnavailable');
    const { reference, ...action } = await provider.create(ctx, order);
    // Every provider attempt is logged: the pay log shows it, and reconciliation knows whom to ask (and what: the reference).
    if (method !== 'balance') {
      await writePayLog(db, { order, method, kind: 'payment', state: 'pending', amount: order.amount, currency: order.currency, tradeNo: reference, note: `started: ${action.type}`, raw: JSON.stringify(action), ip: ctx.ip });
    }
    // A balance payment has completed (or thrown); other methods are still unpaid until notified.
    const state = method === 'balance' ? 'paid' : effectiveState(await findMemberOrder(db, member(request).id, order_no));
    const answer: PaySubmitAnswer = { order_no, state, action };
    return reply.ok(answer, answer.state === 'paid' ? 'commerce.paid' : undefined);
  });
  app.get('/api/pay/log', auth, async (request, reply) => {
    const { page, limit } = validate(commercePageQuery, request.query, request.lang);
    return reply.ok(await memberPayLog(db, member(request).id, page, limit));
  });

  // Provider → server (decision 025): no member token, the exact bytes (signatures, the pay log),
  // the provider's own reply format also on errors, and a rate limit of its own.
  providerRoute(
    app,
    {
      url: '/api/pay/notify/:method',
      // Failures before the handler (body over the limit, the route's rate limit) in the provider's own words too.
      onError: (error, status, request) => {
        const answer = paymentProvider((request.params as { method?: string }).method ?? '')?.reply?.(false, error.message);
        return answer ? { status, type: answer.contentType, body: answer.body } : providerAnswer.text('fail', status);
      },
    },
    async (input, request) => {
      const provider = paymentProvider((request.params as { method: string }).method);
      if (!provider?.parseNotification) return providerAnswer.text('fail: unknown method', 404);
      const ctx = paymentContext(request);
      const reply = (accepted: boolean, reason: string, status?: number) => {
        const answer = provider.reply?.(accepted, reason) ?? { status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
        return { status: status ?? answer.status, type: answer.contentType, body: answer.body };
      };
      // Only the provider's own content type and size reach its parser; every refusal is logged.
      const accepts = provider.notification;
      if (accepts && (!accepts.mediaTypes.includes(input.mediaType) || input.raw.length > accepts.maxBytes)) {
        const typeOk = accepts.mediaTypes.includes(input.mediaType);
        const reason = typeOk ? `body over ${accepts.maxBytes} bytes` : `content type ${input.mediaType || 'none'} refused`;
        await writePayLog(db, { method: provider.code, kind: 'notify', state: 'refused', note: reason, raw: input.text.slice(0, 4000), ip: request.ip });
        ctx.observe?.notification(provider.code, 'payment', 'media_refused');
        return reply(false, reason, typeOk ? 413 : 415);
      }
      const parsed = await provider.parseNotification(ctx, input.json ?? input.form ?? {}, input.text, request.headers);
      const outcome = await settleNotification(ctx, provider.code, parsed, input.text);
      return reply(outcome.accepted, outcome.reason);
    },
  );

  // ── Delivery ──
  app.get('/api/purchase/list', auth, async (request, reply) => {
    const { page, limit } = validate(commercePageQuery, request.query, request.lang);
    return reply.ok(await listPurchases(db, member(request).id, request.lang, page, limit));
  });
  app.post('/api/purchase/link', auth, async (request, reply) => {
    const input = validate(purchaseLinkInput, request.body, request.lang);
    const target = await deliveryTarget(db, member(request), input);
    if (!target.objectKey || !isStorageName(target.storage)) throw new ApiError('commerce.deliveryUnavailable');
    const link = await createSignedLink(app, {
      memberId: target.memberId,
      object: { storage: target.storage, key: target.objectKey, name: target.name },
      // Files download with their original name; lessons stream to the player (ranges).
      disposition: target.kind === 'file' ? 'attachment' : 'inline',
      lang: request.lang,
    });
    const answer: PurchaseLink = { url: link.url, expire_time: link.expire_time };
    return reply.ok(answer);
  });

  commerceAdminRoutes(app, paymentContext);
  reconcileRoutes(app, paymentContext);
  sandboxCashierRoute(app, paymentContext);
  paymentStatusRoute(app, paymentContext);

  // The expiry sweeper (decision 031): one run per interval across instances (job runner); the
  // guarded update would close each order once anyway. Lazy expiry holds in between.
  app.jobs.every('commerce.closeExpiredOrders', SWEEP_INTERVAL_MS, async () => {
    await sweepExpiredOrders(db);
  });
});

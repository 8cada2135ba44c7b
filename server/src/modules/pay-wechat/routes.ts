/**
 * WeChat Pay in the app: the provider joins the payment interface (payment notifications arrive
 * at commerce's `/api/pay/notify/wechat`), and refund notifications have their own provider route
 * (the `notify_url` of each refund), recorded once in the pay log.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { providerAnswer, providerRoute } from '../../plugins/provider-routes.ts';
import { paymentContextFor, registerPaymentProvider, settleRefundNotification } from '../commerce/index.ts';
import { REFUND_NOTIFY_PATH } from './config.ts';
import { NOTIFY_MAX_BYTES } from './notification.ts';
import { parseRefundNotification, wechatProvider } from './provider.ts';

registerPaymentProvider(wechatProvider);

export const wechatPayRoutes = fp(async (app: FastifyInstance) => {
  providerRoute(
    app,
    {
      url: REFUND_NOTIFY_PATH,
      bodyLimit: NOTIFY_MAX_BYTES,
      onError: (_error, status) => providerAnswer.json({ code: 'FAIL', message: 'request refused' }, status),
    },
    async (input, request) => {
      const ctx = paymentContextFor(app, request);
      const parsed = await parseRefundNotification(ctx, input.text, request.headers);
      const outcome = await settleRefundNotification(ctx, 'wechat', parsed, input.text);
      const answer = wechatProvider.reply!(outcome.accepted, outcome.reason);
      return { status: answer.status, type: answer.contentType, body: answer.body };
    },
  );
});

/**
 * System settings → Payment shows one status line per payment method (decision 034): whether it is
 * in the offered list, offered in this environment, and — from the provider's
 * `configurationProblems` — what its settings still miss, translated for the admin.
 */
import type { PaymentMethodStatus } from '@framecraft/contracts/admin';
import type { MessageKey } from '@framecraft/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute } from '../admin/index.ts';
import { paymentProviders, type PaymentContext } from './payments.ts';


export function paymentStatusRoute(app: FastifyInstance, paymentContext: (request: FastifyRequest) => PaymentContext) {
  adminRoute(app, { method: 'GET', path: 'routine/config/paymentStatus', node: 'routine/config/index' }, async (request, reply) => {
    const ctx = paymentContext(request);
    const enabled = new Set((await ctx.setting('payMethods')).split(',').map((s) => s.trim()));
    const list: PaymentMethodStatus[] = [];
    for (const provider of paymentProviders()) {
      const problems = (await provider.configurationProblems?.(ctx)) ?? [];
      list.push({
        code: provider.code,
        name: request.t(`commerce.method.${provider.code}`),
        enabled: enabled.has(provider.code),
        available: await provider.available(ctx),
        problems: problems.map((key) => request.t(key as MessageKey)),
      });
    }
    return reply.ok<{ list: PaymentMethodStatus[] }>({ list });
  });
}

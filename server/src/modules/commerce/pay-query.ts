/**
 * Asking the providers about an unpaid order (decision 034): when the payer comes back to the
 * result page and the notification has not arrived, `POST /api/pay/query` asks each offered
 * provider that can `query`; a payment it reports is settled exactly like a notification (same
 * amount/currency/state checks, once, logged), so a late or lost notification cannot leave it unpaid.
 */
import type { PaymentContext } from './payments.ts';
import { offeredMethods, paymentProvider, settleNotification } from './payments.ts';
import type { OrderRow } from './orders.ts';

export async function queryProviders(ctx: PaymentContext, order: OrderRow, onError: (method: string, error: unknown) => void): Promise<boolean> {
  for (const method of await offeredMethods(ctx)) {
    const provider = paymentProvider(method);
    if (!provider?.query) continue;
    let found: Awaited<ReturnType<NonNullable<typeof provider.query>>>;
    try {
      found = await provider.query(ctx, order);
    } catch (error) {
      onError(method, error);
      continue;
    }
    if (!found?.paid) continue;
    const raw = JSON.stringify({ source: 'query', method, trade_no: found.tradeNo, amount: found.amount });
    const outcome = await settleNotification(
      ctx,
      method,
      { verified: true, reason: '', orderNo: order.orderNo, tradeNo: found.tradeNo, amount: found.amount, currency: order.currency, result: 'paid' },
      raw,
    );
    return outcome.accepted;
  }
  return false;
}

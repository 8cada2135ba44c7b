/**
 * Commerce's counters on the metrics registry (issue 22): orders paid by kind and method, payment
 * notifications by provider and outcome. Registered through `app.metrics.counter` (the metrics
 * module's register function) — commerce imports nothing of the metrics module — and handed to the
 * payment code as the `PaymentContext.observe` of each request, so every instance counts its own.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentObserver } from './payments.ts';

const observers = new WeakMap<FastifyInstance, PaymentObserver>();

/** The app's observer (created once per app; none when the metrics module is not registered). */
export function paymentObserverOf(app: FastifyInstance): PaymentObserver | undefined {
  const known = observers.get(app);
  if (known) return known;
  if (!app.hasDecorator('metrics')) return undefined;
  const paid = app.metrics.counter('framecraft_orders_paid_total', 'Orders paid (committed), by order kind and payment method', ['kind', 'method']);
  const notifications = app.metrics.counter('framecraft_payment_notifications_total', 'Payment provider notifications, by provider, kind (payment or refund) and outcome', ['provider', 'kind', 'outcome']);
  const observer: PaymentObserver = {
    orderPaid: (order) => paid.inc({ kind: order.kind, method: order.payMethod ?? 'none' }),
    notification: (provider, kind, outcome) => notifications.inc({ provider, kind, outcome }),
  };
  observers.set(app, observer);
  return observer;
}

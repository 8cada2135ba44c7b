/** Public API of pay-stripe (Stripe Checkout on the payment interface, decision 036). */
export { stripePayments } from './plugin.ts';
export { stripeProvider, notificationOf, WEBHOOK_TOLERANCE_S } from './provider.ts';
export { toStripeAmount, fromStripeAmount, stripeDecimals } from './amounts.ts';

/** Public API of commerce (cart, orders, payments, ownership, delivery): other modules import only this. */
export { canAccess, accessMap } from './access.ts';
export type { AccessMember, AccessItem } from './access.ts';
export { priceFor, currentVipLevel, totalOf } from './pricing.ts';
export type { Price, PricedItem, PricingContext } from './pricing.ts';
export { createOrder, registerOrderKind, sweepExpiredOrders, effectiveState } from './orders.ts';
export type { OrderKindHandler, OrderRow } from './orders.ts';
export { registerPaymentProvider, settleNotification } from './payments.ts';
export type { PaymentProvider, PaymentContext, ParsedNotification, ProviderReply } from './payments.ts';
export type { DeliveryTarget } from './delivery.ts';
export { commerceRoutes } from './routes.ts';
export { salesSince, salesPerDay, topSellingItems } from './figures.ts';

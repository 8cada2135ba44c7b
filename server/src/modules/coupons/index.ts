/** Public API of coupons (decision 039): other modules import only this. */
export { couponRoutes } from './routes.ts';
export { discountFor, windowRefusal } from './terms.ts';

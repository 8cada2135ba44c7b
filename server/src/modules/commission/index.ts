/** Public API of invite commission (decision 039): other modules import only this. */
export { commissionRoutes } from './routes.ts';
export { commissionOn, commissionPercent, settleCommission } from './service.ts';

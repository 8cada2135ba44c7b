/** Public API of the catalogue for other modules. */
export { findVipTier, tierNameOfLevel, vipTierName, vipTierAdminRoutes } from './vip.ts';
export type { VipTierRow } from './vip.ts';

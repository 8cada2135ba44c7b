/** Public API of the catalogue (types, items, files, notices, VIP tiers): other modules import only this. */
export { catalogueRoutes } from './routes.ts';
export { shellMetaResolver } from './seo.ts';
export { sitemapRoutes } from './sitemap.ts';
export { seedCatalogue } from './seed.ts';
export { latestNotices, vipLevelName } from './home.ts';
/** Public API of the catalogue for other modules. */
export { findVipTier, tierNameOfLevel, vipTierName, vipTierAdminRoutes } from './vip.ts';
export type { VipTierRow } from './vip.ts';
export { unknownItemIds, unknownTypeIds } from './known-ids.ts';
export { catalogueItemSource } from './item-source.ts';

/** Public API of the catalogue (types, items, files, notices, VIP tiers): other modules import only this. */
export { catalogueRoutes } from './routes.ts';
export { shellMetaResolver } from './seo.ts';
export { sitemapRoutes } from './sitemap.ts';
export { seedCatalogue } from './seed.ts';
export { notice, vipTier } from './tables.ts';

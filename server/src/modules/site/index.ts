/** Public API of the site module (the init call `GET /api/index/index`). */
export { siteRoutes } from './routes.ts';

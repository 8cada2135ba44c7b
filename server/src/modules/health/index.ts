/** Public API of the health checks (`/healthz`, `/readyz`). */
export { healthRoutes } from './routes.ts';

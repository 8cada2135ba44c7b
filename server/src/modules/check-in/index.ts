/** Public API of the daily check-in: other modules import only this. */
export { checkInRoutes } from './routes.ts';
export { checkInStatus } from './service.ts';

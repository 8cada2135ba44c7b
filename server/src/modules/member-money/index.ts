/** Public API of member money (top-up, VIP purchase): other modules import only this. */
export { memberMoneyRoutes } from './routes.ts';

/** Public API of the member centre (overview, profile, password, bound addresses): other modules import only this. */
export { memberRoutes } from './routes.ts';
export { fullMemberInfo } from './service.ts';

/** Public API of accounts (member login, registration, password retrieval, invites): other modules import only this. */
export { accountRoutes } from './routes.ts';
export { newInviteCode } from './service.ts';
export { registerBuyerLookup } from './invites.ts';

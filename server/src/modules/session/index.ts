/** Public API of sessions (tokens, guards, the member/admin rows): other modules import only this. */
export { sessionPlugin } from './plugin.ts';
export { sessionRoutes } from './routes.ts';
export { currentAdmin, currentUser, optionalUser, presentedToken, requireAdmin, requireUser } from './guards.ts';
export type { AccountLookups, AdminRow, MemberRow } from './accounts.ts';
export type { MemberRouteEntry } from './member-routes.ts';
export { memberInfo, type MemberInfo } from './member-info.ts';
export { ACCESS_TYPE, consumeProofToken, hashToken, issueProofToken, revokeAdminTokens, revokeMemberTokens, TokenService } from './service.ts';

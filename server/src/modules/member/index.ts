/** Public API of the member centre (groups, rule tree, node guard, profile): other modules import only this. */
export { memberRoutes } from './routes.ts';
export { memberRules, menusAndRules, requireMemberNode } from './access.ts';
export { fullMemberInfo } from './service.ts';
export { seedMember } from './seed.ts';
// The back office's user/group and user/rule CRUD pages (admin/members) list these tables.
export { userGroup, userRule } from './tables.ts';

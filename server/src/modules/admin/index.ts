/**
 * Public API of the back office (decision 009): the admin route helper and the CRUD factory other
 * modules build their back-office pages with, plus what app.ts and the seeding wire up.
 */
export { adminPlugin } from './core/plugin.ts';
export { adminRoute, currentAccess } from './core/route-table.ts';
export type { CrudContext, Row } from './crud/define.ts';
export { crudRoutes } from './crud/routes.ts';
export { fromContract } from './crud/contract.ts';
export { idsQuery, unflattenQuery } from './crud/params.ts';
export { adminRoutes } from './routes.ts';
export { EDITOR_GROUP_NAME, seedAdmin, type AdminSeedOptions } from './seed.ts';
export { registerDashboardAttachments, registerDashboardMembers, registerDashboardSales, type DashboardMemberSource, type DashboardSalesSource } from './dashboard/routes.ts';
export { writeAdminLog } from './core/plugin.ts';
// Other modules' back-office pages show who acted (a relation to the admin table).
export { admin as adminTable } from './tables.ts';
// The code generator's menu rules (the rule tree is admin's).
export { ensureGeneratedMenu, removeGeneratedMenu } from './auth/generated-rules.ts';
// Session's lookup of the admin behind a token (wired by app.ts; session sits below admin).
export { findEnabledAdmin } from './core/account.ts';

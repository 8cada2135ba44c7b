import type { FastifyInstance } from 'fastify';
import { adminLogCrud } from './auth/admin-log.ts';
import { adminCrud } from './auth/admins.ts';
import { groupCrud } from './auth/groups.ts';
import { ruleCrud } from './auth/rules.ts';
import { configRoutes } from './config/routes.ts';
import { crudExportRoutes } from './crud/export.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { organizationRoutes } from './organization/routes.ts';
import { securityRoutes } from './security/routes.ts';
import { adminSessionRoutes } from './session/routes.ts';
import { terminalRoutes } from './terminal/routes.ts';

/**
 * The back office's own routes. Needs the admin plugin (route table, CRUD registry, admin log).
 * Pages over other modules' tables are registered by those modules (members: member-access,
 * balance/points logs: ledger, attachments: uploads, jobs, shop …), decision 033.
 */
export async function adminRoutes(app: FastifyInstance) {
  await adminSessionRoutes(app);
  crudExportRoutes(app);
  dashboardRoutes(app);
  adminCrud(app);
  groupCrud(app);
  ruleCrud(app);
  adminLogCrud(app);
  organizationRoutes(app);
  configRoutes(app);
  terminalRoutes(app);
  // Last: recycle and sensitive rules name controllers registered above.
  securityRoutes(app);
}

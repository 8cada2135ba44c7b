import type { FastifyInstance } from 'fastify';
import { adminLogCrud } from './auth/admin-log.ts';
import { adminCrud } from './auth/admins.ts';
import { groupCrud } from './auth/groups.ts';
import { ruleCrud } from './auth/rules.ts';
import { configRoutes } from './config/routes.ts';
import { crudExportRoutes } from './crud/export.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { attachmentAdminRoutes } from './attachments/routes.ts';
import { memberAdminRoutes } from './members/routes.ts';
import { organizationRoutes } from './organization/routes.ts';
import { securityRoutes } from './security/routes.ts';
import { adminSessionRoutes } from './session/routes.ts';
import { terminalRoutes } from './terminal/routes.ts';

/** Every built-in back-office route. Needs the admin plugin (route table, CRUD registry, admin log). */
export async function adminRoutes(app: FastifyInstance) {
  await adminSessionRoutes(app);
  crudExportRoutes(app);
  dashboardRoutes(app);
  adminCrud(app);
  groupCrud(app);
  ruleCrud(app);
  adminLogCrud(app);
  organizationRoutes(app);
  memberAdminRoutes(app);
  attachmentAdminRoutes(app);
  configRoutes(app);
  terminalRoutes(app);
  // Last: recycle and sensitive rules name controllers registered above.
  securityRoutes(app);
}

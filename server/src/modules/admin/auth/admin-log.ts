import { adminLogCrud as adminLogDefinition } from '@framecraft/contracts/crud/auth';
import type { FastifyInstance } from 'fastify';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';
import { adminLog } from '../tables.ts';

/** auth/adminLog: every admin POST/DELETE, read-only; an admin sees the rows of their data scope. */
export function adminLogCrud(app: FastifyInstance) {
  return crudRoutes(app, fromContract(adminLogDefinition, { table: adminLog, dataScope: 'admin_id' }));
}

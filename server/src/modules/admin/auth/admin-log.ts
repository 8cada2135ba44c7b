import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../crud/routes.ts';
import { adminLog } from '../tables.ts';

/** auth/adminLog: every admin POST/DELETE, read-only; an admin sees the rows of their data scope. */
export function adminLogCrud(app: FastifyInstance) {
  return crudRoutes(app, {
    controller: 'auth/adminLog',
    table: adminLog,
    actions: ['index'],
    dataScope: 'admin_id',
    quickSearch: ['title', 'username', 'url'],
    filterable: ['id', 'admin_id', 'username', 'title', 'url', 'ip', 'create_time'],
    sortable: ['id', 'create_time'],
    schemas: {},
  });
}

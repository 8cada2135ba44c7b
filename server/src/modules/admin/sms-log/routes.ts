import type { FastifyInstance } from 'fastify';
import { smsLog } from '../../codes/index.ts';
import { crudRoutes } from '../crud/routes.ts';

/**
 * routine/smsLog: every SMS the shop sent (read only). With the `log` provider — the default
 * outside production — this is where the messages go instead of a phone, so a shop being set up
 * can still see its codes; real providers' entries keep the code masked (decision 010).
 */
export function smsLogAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    controller: 'routine/smsLog',
    table: smsLog,
    actions: ['index'],
    quickSearch: ['mobile', 'content'],
    filterable: ['id', 'provider', 'mobile', 'event', 'status', 'create_time'],
    sortable: ['id', 'create_time'],
    defaultOrder: 'create_time,desc',
    schemas: {},
  });
}

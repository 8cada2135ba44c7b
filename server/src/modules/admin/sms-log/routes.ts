import { smsLogCrud } from '@framecraft/contracts/crud/routine';
import type { FastifyInstance } from 'fastify';
import { smsLog } from '../../codes/index.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';

/**
 * routine/smsLog: every SMS the shop sent (read only). With the `log` provider — the default
 * outside production — this is where the messages go instead of a phone, so a shop being set up
 * can still see its codes; real providers' entries keep the code masked (decision 010).
 */
export function smsLogAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(smsLogCrud, { table: smsLog }));
}

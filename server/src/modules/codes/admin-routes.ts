import { smsLogCrud } from '@framecraft/contracts/crud/routine';
import { shopSmsTemplateCrud } from '@framecraft/contracts/crud/shop';
import type { FastifyInstance } from 'fastify';
import { crudRoutes, fromContract } from '../admin/index.ts';
import { smsLog, smsTemplate } from './tables.ts';

/** shop/smsTemplate: the provider template of each code event (one per event and provider). */
export function smsTemplateAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(shopSmsTemplateCrud, { table: smsTemplate }));
}

/**
 * routine/smsLog: every SMS the shop sent (read only). With the `log` provider — the default
 * outside production — this is where the messages go instead of a phone, so a shop being set up
 * can still see its codes; real providers' entries keep the code masked (decision 010).
 */
export function smsLogAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(smsLogCrud, { table: smsLog }));
}

import { shopSmsTemplateCrud } from '@framecraft/contracts/crud/shop';
import type { FastifyInstance } from 'fastify';
import { fromContract } from '../admin/index.ts';
import { crudRoutes } from '../admin/index.ts';
import { smsTemplate } from './tables.ts';

/** shop/smsTemplate: the provider template of each code event (one per event and provider). */
export function smsTemplateAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(shopSmsTemplateCrud, { table: smsTemplate }));
}

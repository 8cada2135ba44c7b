/** Back office `shop/topup`: the top-up orders (kind `topup` of shop_order) on the generic CRUD — list, filter, export. */
import { shopTopupCrud } from '@framecraft/contracts/crud/member-money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../member-access/index.ts';
import { crudRoutes, fromContract } from '../admin/index.ts';
import { shopOrder } from './tables.ts';

export function topupOrderAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(shopTopupCrud, { table: shopOrder, relationTables: { user }, hooks: { scope: async () => eq(shopOrder.kind, 'topup') } }));
}

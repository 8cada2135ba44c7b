/** Back office `shop/topup`: the top-up orders (kind `topup` of shop_order) on the generic CRUD — list, filter, export. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../../db/schema.ts';
import { crudRoutes } from '../admin/index.ts';
import { shopOrder } from './tables.ts';

export function topupOrderAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    controller: 'shop/topup',
    table: shopOrder,
    actions: ['index'],
    quickSearch: ['order_no', 'trade_no'],
    filterable: ['id', 'order_no', 'user_id', 'state', 'amount', 'pay_method', 'trade_no', 'create_time', 'pay_time'],
    sortable: ['id', 'amount', 'create_time', 'pay_time'],
    defaultOrder: 'id,desc',
    relations: [{ as: 'user', localField: 'user_id', table: user, foreignField: 'id', fields: ['username', 'nickname'] }],
    schemas: {},
    hooks: { scope: async () => eq(shopOrder.kind, 'topup') },
  });
}

import { ORDER_KINDS, ORDER_STATES, PAY_METHODS } from '../commerce-constants.ts';
import { defineCrud, type CrudRow } from './define.ts';

/** The shop's orders in the back office on CRUD v2 (read only here: close and refund are their own routes). */
const STATE_COLORS = { unpaid: 'orange', paid: 'green', closed: 'default', refunded: 'purple' } as const;

export const shopOrderCrud = defineCrud({
  controller: 'shop/order',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    { name: 'order_no', type: 'string', search: true, filter: true, list: { width: 190 }, form: false },
    {
      name: 'user_id',
      type: 'relation',
      label: 'fields.member',
      filter: true,
      // "Orders by username": a filter on the member's name, through the relation.
      relation: { as: 'user', controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
      list: { width: 140 },
      form: false,
    },
    { name: 'kind', type: 'enum', label: 'fields.orderKind', options: ORDER_KINDS, optionLabel: 'shop.kind', filter: true, list: { width: 110 }, form: false },
    { name: 'state', type: 'enum', options: ORDER_STATES, optionLabel: 'shop.state', colors: STATE_COLORS, filter: true, list: { width: 100 }, form: false },
    { name: 'amount', type: 'money', filter: true, sort: true, list: { width: 120 }, form: false },
    { name: 'refunded_amount', type: 'money', list: { width: 120, hidden: true }, form: false },
    { name: 'pay_method', type: 'enum', options: PAY_METHODS, optionLabel: 'shop.method', filter: true, list: { width: 110 }, form: false },
    { name: 'trade_no', type: 'string', search: true, filter: true, list: { hidden: true }, form: false },
    { name: 'pay_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
  ],
});
export type ShopOrderRow = CrudRow<typeof shopOrderCrud>;

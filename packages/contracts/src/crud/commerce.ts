import { ORDER_KINDS, ORDER_STATES, PAY_LOG_KINDS, PAY_LOG_STATES, PAY_METHODS } from '../commerce-constants.ts';
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

const PAY_LOG_COLORS = { succeeded: 'green', refused: 'red', duplicate: 'default', failed: 'red', cancelled: 'default', pending: 'blue', late_paid: 'magenta', ignored: 'default' } as const;
/** The member of a row, filterable by username. */
const member = {
  name: 'user_id',
  type: 'relation',
  label: 'fields.member',
  filter: true,
  relation: { as: 'user', controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
  list: { width: 140 },
  form: false,
} as const;

/** shop/payLog: every payment, provider notification (raw body, verification outcome) and refund — read only. */
export const shopPayLogCrud = defineCrud({
  controller: 'shop/payLog',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    { name: 'order_no', type: 'string', search: true, filter: true, list: { width: 190 }, form: false },
    member,
    { name: 'method', type: 'enum', options: PAY_METHODS, optionLabel: 'shop.method', filter: true, list: { width: 110 }, form: false },
    { name: 'kind', type: 'enum', label: 'fields.logKind', options: PAY_LOG_KINDS, optionLabel: 'shop.logKind', filter: true, list: { width: 110 }, form: false },
    { name: 'state', type: 'enum', options: PAY_LOG_STATES, optionLabel: 'shop.logState', colors: PAY_LOG_COLORS, filter: true, list: { width: 100 }, form: false },
    { name: 'amount', type: 'money', filter: true, sort: true, list: { width: 120 }, form: false },
    { name: 'currency', type: 'string', list: { width: 90, hidden: true }, form: false },
    { name: 'trade_no', type: 'string', search: true, list: { hidden: true }, form: false },
    { name: 'note', type: 'string', form: false },
    { name: 'ip', type: 'string', list: { hidden: true, width: 130 }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
  ],
});
/** Rows also carry the provider's raw body (shown in the row's details). */
export type ShopPayLogRow = CrudRow<typeof shopPayLogCrud> & { raw: string };

/** shop/cart: what members keep in their carts (read, filter, export; delete a line). */
export const shopCartCrud = defineCrud({
  controller: 'shop/cart',
  defaultOrder: 'id,desc',
  actions: ['index', 'del', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    member,
    {
      name: 'course_id',
      type: 'relation',
      label: 'fields.item',
      filter: true,
      relation: { as: 'course', controller: 'shop/course', labelField: 'title_zh', fields: ['title_en', 'price'], filter: ['title_zh', 'title_en'] },
      form: false,
    },
    // Not a cart column: the item's current price, from the attached item (`course.price`).
    { name: 'price', type: 'money', label: 'fields.price', list: { width: 120 }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
  ],
});
export type ShopCartRow = CrudRow<typeof shopCartCrud>;

import { ORDER_KINDS, ORDER_STATES, PAY_LOG_KINDS, PAY_LOG_STATES, PAY_METHODS } from '@framecraft/contracts/commerce-constants';
import { currencyOf, formatPrice } from '@framecraft/contracts/money';
import type { CrudField, Option, Row } from '../../crud/types.ts';

/** Field declarations and option lists shared by the shop's order, pay log and cart pages. */
const STATE_COLORS: Record<string, string> = { unpaid: 'orange', paid: 'green', closed: 'default', refunded: 'purple', succeeded: 'green', refused: 'red', duplicate: 'default', failed: 'red', cancelled: 'default', pending: 'blue', late_paid: 'magenta', ignored: 'default' };

const options = (values: readonly string[], prefix: string): Option[] => values.map((value) => ({ value, label: `${prefix}.${value}`, color: STATE_COLORS[value] }));

export const ORDER_STATE_OPTIONS = options(ORDER_STATES, 'shop.state');
export const ORDER_KIND_OPTIONS = options(ORDER_KINDS, 'shop.kind');
export const METHOD_OPTIONS = options(PAY_METHODS, 'shop.method');
export const LOG_KIND_OPTIONS = options(PAY_LOG_KINDS, 'shop.logKind');
export const LOG_STATE_OPTIONS = options(PAY_LOG_STATES, 'shop.logState');

/** Cents with the symbol of the row's currency (an order's or pay log row's), e.g. "¥12.30", "$12.30". */
export const yuan = (value: unknown, row?: object) => <span className="whitespace-nowrap tabular-nums">{formatPrice(Number(value ?? 0), currencyOf((row as { currency?: unknown } | undefined)?.currency))}</span>;

export const memberField: CrudField = {
  name: 'user_id',
  label: 'fields.member',
  type: 'remoteSelect',
  remote: { controller: 'user/user', labelField: 'username' },
  column: { filter: true, width: 140, exportPath: 'user.username', render: (_v, row: Row) => String((row.user as { username?: string } | null)?.username ?? row.user_id ?? '') },
  form: false,
};

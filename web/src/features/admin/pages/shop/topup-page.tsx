import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField } from '../../crud/types.ts';
import { idField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { memberField, METHOD_OPTIONS, ORDER_STATE_OPTIONS, yuan } from './shop-fields.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'order_no', column: { filter: true, width: 190, render: (v) => <span className="font-mono">{String(v ?? '')}</span> }, form: false },
  memberField,
  { name: 'state', type: 'select', options: ORDER_STATE_OPTIONS, column: { filter: true, width: 100 }, form: false },
  { name: 'amount', type: 'number', column: { sortable: true, filter: true, width: 120, render: yuan }, form: false },
  { name: 'pay_method', type: 'select', options: METHOD_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'trade_no', column: { filter: true, hidden: true }, form: false },
  timeField('pay_time'),
  timeField('create_time'),
];

/** shop/topup — the top-up orders (the order kind `topup`): search, filter, export. */
export default function TopupOrderPage() {
  return (
    <PageCard>
      <CrudTable controller="shop/topup" fields={fields} actions={['export']} defaultOrder="id,desc" />
    </PageCard>
  );
}

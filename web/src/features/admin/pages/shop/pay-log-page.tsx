import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField } from '../../crud/types.ts';
import { idField, timeField } from '../fields.ts';
import { JsonDetails } from '../json-view.tsx';
import { PageCard } from '../page-card.tsx';
import { LOG_KIND_OPTIONS, LOG_STATE_OPTIONS, memberField, METHOD_OPTIONS, yuan } from './shop-fields.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'order_no', column: { filter: true, width: 190, render: (v) => <span className="font-mono">{String(v ?? '')}</span> }, form: false },
  memberField,
  { name: 'method', type: 'select', options: METHOD_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'kind', label: 'fields.logKind', type: 'select', options: LOG_KIND_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'state', type: 'select', options: LOG_STATE_OPTIONS, column: { filter: true, width: 100 }, form: false },
  { name: 'amount', type: 'number', column: { sortable: true, filter: true, width: 120, render: yuan }, form: false },
  { name: 'currency', column: { width: 90, hidden: true }, form: false },
  { name: 'trade_no', column: { hidden: true }, form: false },
  { name: 'note', column: {}, form: false },
  { name: 'ip', column: { hidden: true, width: 130 }, form: false },
  timeField('create_time'),
];

/** shop/payLog — every payment, provider notification (raw body, verification outcome) and refund. */
export default function PayLogPage() {
  return (
    <PageCard>
      <CrudTable
        controller="shop/payLog"
        fields={fields}
        actions={['export']}
        defaultOrder="id,desc"
        rowActions={(row) => (row.raw ? <JsonDetails title={String(row.order_no || row.id)} value={row.raw} /> : null)}
      />
    </PageCard>
  );
}

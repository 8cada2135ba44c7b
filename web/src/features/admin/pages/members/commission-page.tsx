import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField, Row } from '../../crud/types.ts';
import { idField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { yuan } from '../shop/shop-fields.tsx';

const member = (name: string, as: string, label: string): CrudField => ({
  name,
  label,
  type: 'remoteSelect',
  remote: { controller: 'user/user', labelField: 'username' },
  column: { filter: true, width: 140, render: (_v, row: Row) => String((row[as] as { username?: string } | null)?.username ?? row[name] ?? '') },
  form: false,
});

const fields: CrudField[] = [
  idField,
  member('inviter_id', 'inviter', 'fields.inviter'),
  member('invitee_id', 'invitee', 'fields.invitee'),
  { name: 'order_no', column: { filter: true, width: 190, render: (v) => <span className="font-mono">{String(v ?? '')}</span> }, form: false },
  { name: 'order_amount', label: 'fields.orderAmount', type: 'number', column: { sortable: true, width: 120, render: yuan }, form: false },
  { name: 'percent', label: 'fields.percent', column: { width: 90, render: (v) => `${Number(v)}%` }, form: false },
  { name: 'amount', label: 'fields.commission', type: 'number', column: { sortable: true, filter: true, width: 120, render: yuan }, form: false },
  { name: 'reversed', label: 'fields.reversed', type: 'number', column: { filter: true, width: 120, render: yuan }, form: false },
  timeField('create_time'),
];

/** user/commission — invite commission per invitee's paid order, and what refunds took back (decision 039). */
export default function CommissionPage() {
  return (
    <PageCard>
      <CrudTable controller="user/commission" fields={fields} actions={['export']} defaultOrder="id,desc" />
    </PageCard>
  );
}

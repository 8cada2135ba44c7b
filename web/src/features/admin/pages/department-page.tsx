import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { idField, statusField, timeField, weighField } from './fields.ts';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'name', column: { sortable: true, filter: true }, form: { required: true } },
  {
    name: 'pid',
    label: 'fields.parent',
    type: 'remoteSelect',
    remote: { controller: 'organization/department', labelField: 'name', tree: true, root: { value: 0, label: 'fields.topLevel' } },
    column: { render: (_v, row) => (row.parent as { name?: string } | null)?.name ?? '—' },
    form: { defaultValue: 0 },
  },
  { name: 'responsible', column: { filter: true }, form: {} },
  { name: 'phone', column: { filter: true }, form: {} },
  { name: 'email', type: 'email', column: { filter: true }, form: {} },
  statusField,
  weighField,
  timeField('createtime'),
  timeField('updatetime', true),
];

/** organization/department — spec §3 Department, a tree. */
export default function DepartmentPage() {
  return (
    <PageCard>
      <CrudTable controller="organization/department" fields={fields} tree weigh />
    </PageCard>
  );
}

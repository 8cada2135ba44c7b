import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { idField, statusField, timeField, weighField } from './fields.ts';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'name', column: { sortable: true, filter: true }, form: { required: true } },
  { name: 'code', column: { sortable: true, filter: true }, form: { required: true } },
  statusField,
  weighField,
  { name: 'remark', type: 'textarea', column: { filter: true }, form: {} },
  timeField('createtime'),
  timeField('updatetime', true),
];

/** organization/job — spec §3 Job. */
export default function JobPage() {
  return (
    <PageCard>
      <CrudTable controller="organization/job" fields={fields} weigh />
    </PageCard>
  );
}

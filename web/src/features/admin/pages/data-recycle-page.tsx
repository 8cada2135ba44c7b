import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { idField, statusField, timeField } from './fields.ts';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'name', column: { filter: true }, form: { required: true } },
  { name: 'controller', column: { filter: true }, form: { required: true, help: 'fields.controllerHelp' } },
  { name: 'data_table', column: { filter: true }, form: false },
  statusField,
  timeField('create_time'),
];

/** security/dataRecycle — which tables copy deleted rows to the recycle bin. */
export default function DataRecyclePage() {
  return (
    <PageCard>
      <CrudTable controller="security/dataRecycle" fields={fields} />
    </PageCard>
  );
}

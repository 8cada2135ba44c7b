import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { idField, timeField } from './fields.ts';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'username', column: { filter: true }, form: false },
  { name: 'title', column: { filter: true }, form: false },
  { name: 'url', column: { filter: true }, form: false },
  { name: 'ip', column: { filter: true }, form: false },
  { name: 'useragent', column: { hidden: true }, form: false },
  timeField('create_time'),
];

/** auth/adminLog — every admin POST/DELETE, passwords masked. */
export default function AdminLogPage() {
  return (
    <PageCard>
      <CrudTable controller="auth/adminLog" fields={fields} actions={['export']} rowActions={(row) => <JsonDetails title={String(row.title)} value={row.data} />} />
    </PageCard>
  );
}

import { Tag } from 'antd';
import { CrudTable } from '../crud/crud-table.tsx';
import { seededName } from '../crud/seeded-names.ts';
import type { CrudField } from '../crud/types.ts';
import { ENABLE_OPTIONS, idField, timeField } from './fields.ts';
import { GroupName } from './group-name.tsx';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'username', column: { sortable: true, filter: true }, form: { required: true } },
  { name: 'nickname', column: { filter: true }, form: { required: true } },
  {
    name: 'group_arr',
    label: 'fields.groups',
    type: 'remoteSelect',
    remote: { controller: 'auth/group', labelField: 'name', multiple: true, tree: true },
    column: {
      render: (_v, row) => (row.group_name_arr as string[]).map((g) => <Tag key={g}><GroupName name={g} /></Tag>),
      text: (_v, row, t) => (row.group_name_arr as string[]).map((g) => seededName(t, g)).join(', '),
    },
    form: { required: true },
  },
  { name: 'email', type: 'email', column: { filter: true, hidden: true }, form: {} },
  { name: 'mobile', column: { filter: true, hidden: true }, form: {} },
  { name: 'password', type: 'password', column: false, form: { help: 'fields.passwordHelp' } },
  { name: 'status', type: 'select', options: ENABLE_OPTIONS, column: { filter: true, width: 100 }, form: { defaultValue: 'enable' } },
  timeField('last_login_time'),
  timeField('create_time', true),
];

/** auth/admin — administrators and their groups. */
export default function AuthAdminPage() {
  return (
    <PageCard>
      <CrudTable controller="auth/admin" fields={fields} />
    </PageCard>
  );
}

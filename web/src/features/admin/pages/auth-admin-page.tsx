import { authAdminCrud, type AuthAdminRow } from '@framecraft/contracts/crud/auth';
import { Tag } from 'antd';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import { seededName } from '../crud/seeded-names.ts';
import { ENABLE_OPTIONS } from './fields.ts';
import { GroupName } from './group-name.tsx';
import { PageCard } from './page-card.tsx';

// The table comes from the contracts definition (CRUD v2); the page adds the group picker and tags.
const overrides: FieldOverrides = {
  group_arr: {
    type: 'remoteSelect',
    remote: { controller: 'auth/group', labelField: 'name', multiple: true, tree: true },
    column: {
      render: (_v, row) => (row.group_name_arr as string[]).map((g) => <Tag key={g}><GroupName name={g} /></Tag>),
      text: (_v, row, t) => (row.group_name_arr as string[]).map((g) => seededName(t, g)).join(', '),
    },
  },
  email: { type: 'email' },
  password: { type: 'password' },
  status: { options: ENABLE_OPTIONS },
};

/** auth/admin — administrators and their groups. */
export default function AuthAdminPage() {
  return (
    <PageCard>
      <CrudTable<AuthAdminRow> definition={authAdminCrud} overrides={overrides} />
    </PageCard>
  );
}

import { departmentCrud, type DepartmentRow } from '@framecraft/contracts/crud/organization';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import { PageCard } from './page-card.tsx';

const overrides: FieldOverrides = {
  pid: { column: { render: (_v, row) => (row.parent as { name?: string } | null)?.name ?? '—' } },
  email: { type: 'email' },
};

/** organization/department — spec §3 Department, a tree (CRUD v2 definition in contracts). */
export default function DepartmentPage() {
  return (
    <PageCard>
      <CrudTable<DepartmentRow> definition={departmentCrud} overrides={overrides} />
    </PageCard>
  );
}

import { userCommissionCrud, type UserCommissionRow } from '@framecraft/contracts/crud/member-money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { PageCard } from '../page-card.tsx';

const overrides: FieldOverrides = {
  order_no: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } },
  percent: { column: { render: (v) => `${Number(v)}%` } },
};

/** user/commission — invite commission per invitee's paid order, and what refunds took back (decision 039). */
export default function CommissionPage() {
  return (
    <PageCard>
      <CrudTable<UserCommissionRow> definition={userCommissionCrud} overrides={overrides} />
    </PageCard>
  );
}

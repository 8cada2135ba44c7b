import { shopTopupCrud, type ShopTopupRow } from '@framecraft/contracts/crud/member-money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { PageCard } from '../page-card.tsx';

// The table comes from the contracts definition (CRUD v2); only the order number's look is the page's.
const overrides: FieldOverrides = { order_no: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } } };

/** shop/topup — the top-up orders (the order kind `topup`): search, filter, export. */
export default function TopupOrderPage() {
  return (
    <PageCard>
      <CrudTable<ShopTopupRow> definition={shopTopupCrud} overrides={overrides} />
    </PageCard>
  );
}

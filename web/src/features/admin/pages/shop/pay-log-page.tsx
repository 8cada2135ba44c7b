import { shopPayLogCrud, type ShopPayLogRow } from '@framecraft/contracts/crud/commerce';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { JsonDetails } from '../json-view.tsx';
import { PageCard } from '../page-card.tsx';
import { memberField, yuan } from './shop-fields.tsx';

// The table comes from the contracts definition (CRUD v2); the page shows amounts in the row's currency.
const overrides: FieldOverrides = {
  order_no: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } },
  user_id: { column: memberField.column },
  amount: { column: { render: yuan } },
};

/** shop/payLog — every payment, provider notification (raw body, verification outcome) and refund. */
export default function PayLogPage() {
  return (
    <PageCard>
      <CrudTable<ShopPayLogRow>
        definition={shopPayLogCrud}
        overrides={overrides}
        actions={['export']}
        rowActions={(row) => (row.raw ? <JsonDetails title={String(row.order_no || row.id)} value={row.raw} /> : null)}
      />
    </PageCard>
  );
}

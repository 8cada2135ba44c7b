import { shopCouponClaimCrud, type ShopCouponClaimRow } from '@framecraft/contracts/crud/member-money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { PageCard } from '../page-card.tsx';

const overrides: FieldOverrides = { order_no: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } } };

/** shop/couponClaim — every coupon a member holds: claimed or issued, held by an order, used (and by which order). */
export default function CouponClaimPage() {
  return (
    <PageCard>
      <CrudTable<ShopCouponClaimRow> definition={shopCouponClaimCrud} overrides={overrides} />
    </PageCard>
  );
}

import { MEMBER_COUPON_SOURCES, MEMBER_COUPON_STATES } from '@framecraft/contracts/coupon-constants';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField, Option, Row } from '../../crud/types.ts';
import { idField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { memberField, yuan } from './shop-fields.tsx';

const COLORS: Record<string, string> = { available: 'green', reserved: 'orange', used: 'default' };
const STATE_OPTIONS: Option[] = MEMBER_COUPON_STATES.map((value) => ({ value, label: `coupon.state.${value}`, color: COLORS[value] }));
const SOURCE_OPTIONS: Option[] = MEMBER_COUPON_SOURCES.map((value) => ({ value, label: `coupon.source.${value}` }));

const fields: CrudField[] = [
  idField,
  {
    name: 'coupon_id',
    label: 'fields.coupon',
    type: 'remoteSelect',
    remote: { controller: 'shop/coupon', labelField: 'name' },
    column: { filter: true, render: (_v, row: Row) => String((row.coupon as { name?: string } | null)?.name ?? row.coupon_id) },
    form: false,
  },
  memberField,
  { name: 'source', label: 'fields.couponSource', type: 'select', options: SOURCE_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'state', type: 'select', options: STATE_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'order_no', column: { filter: true, width: 190, render: (v) => <span className="font-mono">{String(v ?? '')}</span> }, form: false },
  { name: 'discount', label: 'fields.discount', type: 'number', column: { sortable: true, width: 110, render: yuan }, form: false },
  timeField('claim_time'),
  timeField('use_time'),
];

/** shop/couponClaim — every coupon a member holds: claimed or issued, held by an order, used (and by which order). */
export default function CouponClaimPage() {
  return (
    <PageCard>
      <CrudTable controller="shop/couponClaim" fields={fields} actions={['export']} defaultOrder="id,desc" />
    </PageCard>
  );
}

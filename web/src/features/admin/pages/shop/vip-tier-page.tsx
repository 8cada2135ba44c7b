import { shopVipCrud, type ShopVipRow } from '@framecraft/contracts/crud/member-money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { toFormValues } from '../../crud/form-values.ts';
import { fieldsOf } from '../../crud/from-contract.ts';
import type { Row } from '../../crud/types.ts';
import { PageCard } from '../page-card.tsx';

/** Benefits are edited one per line and stored as a list. */
const lines = (value: unknown) =>
  String(value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const overrides: FieldOverrides = {
  days: { column: { text: (v, _row, t) => (Number(v) === 0 ? t('fields.lifetime') : String(v)) } },
};
const fields = fieldsOf(shopVipCrud, overrides);

/** shop/vip — the VIP tiers members buy on /vip-pricing (decision 037): level, days (0 = lifetime), prices, benefits, on sale or not. */
export default function VipTierPage() {
  return (
    <PageCard>
      <CrudTable<ShopVipRow>
        definition={shopVipCrud}
        overrides={overrides}
        toForm={(row: Row) => ({
          ...toFormValues(fields, row),
          benefits_zh: ((row.benefits_zh as string[] | undefined) ?? []).join('\n'),
          benefits_en: ((row.benefits_en as string[] | undefined) ?? []).join('\n'),
        })}
        fromForm={(values) => ({ ...values, benefits_zh: lines(values.benefits_zh), benefits_en: lines(values.benefits_en) })}
      />
    </PageCard>
  );
}

import { formatMoney, parseMoney } from '@framecraft/contracts/money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField } from '../../crud/types.ts';
import { idField, statusField, timeField, weighField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { yuan } from './shop-fields.tsx';

/** Benefits are edited one per line and stored as a list. */
const lines = (value: unknown) =>
  String(value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
/** Prices are typed in yuan and sent in cents, read exactly by the money module (a bad one is sent as is: the server refuses it). */
const cents = (value: unknown) => {
  const parsed = parseMoney(String(value ?? '0'));
  return parsed.ok ? parsed.cents : value;
};

const fields: CrudField[] = [
  idField,
  { name: 'level', type: 'number', column: { sortable: true, filter: true, width: 80 }, form: { required: true, defaultValue: 1 } },
  { name: 'name_zh', column: { filter: true }, form: { required: true } },
  { name: 'name_en', column: { filter: true }, form: {} },
  {
    name: 'days',
    type: 'number',
    label: 'fields.duration',
    column: { sortable: true, width: 110, text: (v, _row, t) => (Number(v) === 0 ? t('fields.lifetime') : String(v)) },
    form: { required: true, defaultValue: 30, help: 'fields.daysHelp' },
  },
  { name: 'price', label: 'fields.priceYuan', column: { sortable: true, filter: true, width: 110, render: yuan }, form: { required: true } },
  { name: 'list_price', label: 'fields.listPriceYuan', column: { width: 110, render: yuan }, form: {} },
  { name: 'benefits_zh', type: 'textarea', column: false, form: { help: 'fields.benefitsHelp' } },
  { name: 'benefits_en', type: 'textarea', column: false, form: { help: 'fields.benefitsHelp' } },
  statusField,
  weighField,
  timeField('create_time', true),
];

/** shop/vip — the VIP tiers members buy on /vip-pricing (decision 037): level, days (0 = lifetime), prices, benefits, on sale or not. */
export default function VipTierPage() {
  return (
    <PageCard>
      <CrudTable
        controller="shop/vip"
        fields={fields}
        weigh
        defaultOrder="weigh,desc"
        toForm={(row) => ({
          ...row,
          price: formatMoney(Number(row.price ?? 0)),
          list_price: formatMoney(Number(row.list_price ?? 0)),
          benefits_zh: ((row.benefits_zh as string[] | undefined) ?? []).join('\n'),
          benefits_en: ((row.benefits_en as string[] | undefined) ?? []).join('\n'),
        })}
        fromForm={(values) => ({
          ...values,
          price: cents(values.price),
          list_price: cents(values.list_price),
          benefits_zh: lines(values.benefits_zh),
          benefits_en: lines(values.benefits_en),
        })}
      />
    </PageCard>
  );
}

import { memberCrud, type MemberRow } from '@framecraft/contracts/crud/member';
import { Tag } from 'antd';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { ENABLE_OPTIONS } from '../fields.ts';
import { moneyText } from '../money.tsx';
import { seededName } from '../../crud/seeded-names.ts';
import { GroupName } from '../group-name.tsx';
import { PageCard } from '../page-card.tsx';

const groupOf = (row: Record<string, unknown>) => String((row.group as { name?: string } | null)?.name ?? '');

const GENDERS = [
  { value: 0, label: 'fields.genderUnknown' },
  { value: 1, label: 'fields.genderMale' },
  { value: 2, label: 'fields.genderFemale' },
];

// The table comes from the contracts definition (CRUD v2); the page words groups, genders and VIP levels.
const overrides: FieldOverrides = {
  group_id: { column: { exportSeededName: true, render: (_v, row) => <GroupName name={groupOf(row)} />, text: (_v, row, t) => seededName(t, groupOf(row)) } },
  email: { type: 'email' },
  gender: { options: GENDERS },
  money: { column: { render: (v) => moneyText(Number(v)) } },
  vip_level: { column: { render: (v) => (Number(v) > 0 ? <Tag color="gold">VIP {String(v)}</Tag> : null) } },
  password: { type: 'password' },
  status: { options: ENABLE_OPTIONS },
};

/** user/user — members; balance and points change only through their logs. */
export default function MemberPage() {
  return (
    <PageCard>
      <CrudTable<MemberRow> definition={memberCrud} overrides={overrides} toForm={(row) => ({ ...row, password: '', email: row.email ?? '', mobile: row.mobile ?? '', birthday: row.birthday ?? '' })} />
    </PageCard>
  );
}

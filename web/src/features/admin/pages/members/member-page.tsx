import { Tag } from 'antd';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField } from '../../crud/types.ts';
import { ENABLE_OPTIONS, idField, timeField } from '../fields.ts';
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

const fields: CrudField[] = [
  idField,
  { name: 'username', column: { sortable: true, filter: true }, form: { required: true } },
  { name: 'nickname', column: { filter: true }, form: { required: true } },
  { name: 'group_id', label: 'fields.memberGroup', type: 'remoteSelect', remote: { controller: 'user/group', labelField: 'name' }, column: { filter: true, exportPath: 'group.name', exportSeededName: true, render: (_v, row) => <GroupName name={groupOf(row)} />, text: (_v, row, t) => seededName(t, groupOf(row)) }, form: { required: true, defaultValue: 1 } },
  { name: 'avatar', column: false, form: {} },
  { name: 'email', type: 'email', column: { filter: true }, form: {} },
  { name: 'mobile', column: { filter: true }, form: {} },
  { name: 'gender', type: 'select', options: GENDERS, column: { hidden: true, filter: true }, form: { defaultValue: 0 } },
  { name: 'birthday', column: false, form: { help: 'fields.birthdayHelp' } },
  { name: 'money', label: 'fields.balance', type: 'number', column: { sortable: true, filter: true, width: 110, exportFormat: 'money', render: (v) => moneyText(Number(v)) }, form: false },
  { name: 'score', label: 'fields.points', type: 'number', column: { sortable: true, filter: true, width: 90 }, form: false },
  { name: 'vip_level', label: 'fields.vipLevel', type: 'number', column: { sortable: true, width: 90, render: (v) => (Number(v) > 0 ? <Tag color="gold">VIP {String(v)}</Tag> : null) }, form: false },
  { name: 'motto', type: 'textarea', column: false, form: {} },
  { name: 'password', type: 'password', column: false, form: { help: 'fields.passwordHelp' } },
  { name: 'status', type: 'select', options: ENABLE_OPTIONS, column: { filter: true, width: 100 }, form: { defaultValue: 'enable' } },
  timeField('join_time'),
  timeField('last_login_time', true),
];

/** user/user — members; balance and points change only through their logs. */
export default function MemberPage() {
  return (
    <PageCard>
      <CrudTable controller="user/user" fields={fields} toForm={(row) => ({ ...row, password: '', email: row.email ?? '', mobile: row.mobile ?? '', birthday: row.birthday ?? '' })} />
    </PageCard>
  );
}

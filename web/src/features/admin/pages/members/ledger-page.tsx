import { LEDGER_KINDS } from '@framecraft/contracts/ledger';
import { formatMoney } from '@framecraft/contracts/money';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField, Row } from '../../crud/types.ts';
import { idField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';

type Kind = 'money' | 'score';

/** The business event of an entry (decision 019), translated. */
const KIND_OPTIONS = LEDGER_KINDS.map((kind) => ({ value: kind, label: `ledgerKind.${kind}` }));

/** Signed, with the unit: "+¥12.30" / "-5". */
const amount = (kind: Kind, value: unknown) => {
  const n = Number(value);
  const text = kind === 'money' ? `¥${formatMoney(Math.abs(n))}` : String(Math.abs(n));
  return <span className={n < 0 ? 'text-rose-500' : 'text-emerald-600'}>{`${n < 0 ? '-' : '+'}${text}`}</span>;
};
const plain = (kind: Kind, value: unknown) => (kind === 'money' ? `¥${formatMoney(Number(value))}` : String(value));

function fieldsOf(kind: Kind): CrudField[] {
  return [
    idField,
    {
      name: 'user_id',
      label: 'fields.member',
      type: 'remoteSelect',
      remote: { controller: 'user/user', labelField: 'username' },
      column: { filter: true, render: (_v, row: Row) => String((row.user as { username?: string } | null)?.username ?? row.user_id) },
      form: { required: true },
    },
    { name: kind, label: kind === 'money' ? 'fields.moneyChange' : 'fields.scoreChange', type: kind === 'money' ? 'text' : 'number', column: { sortable: true, width: 130, render: (v) => amount(kind, v) }, form: { required: true, help: kind === 'money' ? 'fields.moneyChangeHelp' : 'fields.scoreChangeHelp' } },
    { name: 'before', type: 'number', column: { width: 120, render: (v) => plain(kind, v) }, form: false },
    { name: 'after', type: 'number', column: { width: 120, render: (v) => plain(kind, v) }, form: false },
    { name: 'kind', type: 'select', options: KIND_OPTIONS, column: { filter: true, width: 130 }, form: false },
    { name: 'memo', column: { filter: true }, form: { required: true } },
    { name: 'ref_id', column: { filter: true, hidden: true }, form: false },
    { name: 'admin_id', label: 'fields.adminBy', column: { width: 120, render: (_v, row: Row) => String((row.admin as { username?: string } | null)?.username ?? '') }, form: false },
    timeField('create_time'),
  ];
}

const moneyFields = fieldsOf('money');
const scoreFields = fieldsOf('score');

/** user/moneyLog — every balance change; "add" adjusts through the ledger. */
export function MoneyLogPage() {
  return (
    <PageCard>
      <CrudTable controller="user/moneyLog" fields={moneyFields} actions={['add', 'export']} idempotentAdd />
    </PageCard>
  );
}

/** user/scoreLog — every points change; "add" adjusts through the ledger. */
export function ScoreLogPage() {
  return (
    <PageCard>
      <CrudTable controller="user/scoreLog" fields={scoreFields} actions={['add', 'export']} idempotentAdd />
    </PageCard>
  );
}

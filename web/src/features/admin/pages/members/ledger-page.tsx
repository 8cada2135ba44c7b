import { moneyLogCrud, scoreLogCrud } from '@framecraft/contracts/crud/member';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import type { Row } from '../../crud/types.ts';
import { moneyText } from '../money.tsx';
import { PageCard } from '../page-card.tsx';

type Kind = 'money' | 'score';

/** Signed, with the unit: "+¥12.30" / "-5". */
const amount = (kind: Kind, value: unknown) => {
  const n = Number(value);
  return <span className={n < 0 ? 'text-rose-500' : 'text-emerald-600'}>{kind === 'money' ? moneyText(n, true) : `${n < 0 ? '' : '+'}${n}`}</span>;
};
const plain = (kind: Kind, value: unknown) => (kind === 'money' ? moneyText(Number(value)) : String(value));

/**
 * The list comes from the contracts definition (CRUD v2); the "add" dialog is the ledger's
 * adjustment (its own route): a member, a signed amount typed in yuan (or points) and a memo.
 */
function overridesOf(kind: Kind): FieldOverrides {
  return {
    user_id: {
      column: { render: (_v, row: Row) => String((row.user as { username?: string } | null)?.username ?? row.user_id) },
      form: { required: true },
    },
    [kind]: {
      // Typed as signed yuan (the server reads it exactly, decision 018), not the money input's cents.
      type: kind === 'money' ? 'text' : 'number',
      column: { filter: false, render: (v) => amount(kind, v) },
      form: { required: true, help: kind === 'money' ? 'fields.moneyChangeHelp' : 'fields.scoreChangeHelp' },
    },
    before: { column: { render: (v) => plain(kind, v) } },
    after: { column: { render: (v) => plain(kind, v) } },
    memo: { form: { required: true } },
    admin_id: { column: { render: (_v, row: Row) => String((row.admin as { username?: string } | null)?.username ?? '') } },
  };
}

const moneyOverrides = overridesOf('money');
const scoreOverrides = overridesOf('score');

/** user/moneyLog — every balance change; "add" adjusts through the ledger. */
export function MoneyLogPage() {
  return (
    <PageCard>
      <CrudTable definition={moneyLogCrud} overrides={moneyOverrides} actions={['add', 'export']} idempotentAdd />
    </PageCard>
  );
}

/** user/scoreLog — every points change; "add" adjusts through the ledger. */
export function ScoreLogPage() {
  return (
    <PageCard>
      <CrudTable definition={scoreLogCrud} overrides={scoreOverrides} actions={['add', 'export']} idempotentAdd />
    </PageCard>
  );
}

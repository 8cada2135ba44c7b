import { sensitiveDataCrud, type SensitiveDataRow } from '@framecraft/contracts/crud/security';
import { Input } from 'antd';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { PageCard } from './page-card.tsx';

/** `field=Label` lines ⇄ the rule's `data_fields` object. */
const toLines = (value: unknown) => Object.entries((value ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${v}`).join('\n');
const fromLines = (text: unknown) =>
  Object.fromEntries(
    String(text ?? '')
      .split('\n')
      .map((line) => line.split('=').map((s) => s.trim()))
      .filter(([k]) => k)
      .map(([k, v]) => [k, v || k]),
  );

const overrides: FieldOverrides = {
  data_fields: {
    column: { render: (v) => Object.keys((v ?? {}) as object).join(', ') },
    input: ({ value, onChange }) => <Input.TextArea rows={4} value={String(value ?? '')} onChange={(e) => onChange?.(e.target.value)} placeholder="phone=Phone" />,
  },
};

/** security/sensitiveData — fields whose edits are logged with before/after. */
export default function SensitiveDataPage() {
  return (
    <PageCard>
      <CrudTable<SensitiveDataRow>
        definition={sensitiveDataCrud}
        overrides={overrides}
        toForm={(row: Row) => ({ ...row, data_fields: toLines(row.data_fields) })}
        fromForm={(values) => ({ ...values, data_fields: fromLines(values.data_fields) })}
      />
    </PageCard>
  );
}

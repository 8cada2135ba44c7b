import { adminLogCrud, type AdminLogRow } from '@framecraft/contracts/crud/auth';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

/**
 * A log entry's title in the admin's language: "<menu> - <button>" of the called node (from the
 * URL), else the translation of a known call, else the title the server stored ("Departments - Edit").
 */
export function logTitle(t: TFunction, row: Row): string {
  const path = String(row.url ?? '').split('?')[0]!.replace(/^\/admin\//, '');
  const parts = path.split('/');
  const action = parts.pop() ?? '';
  const menu = t(`menu.${parts.join('_')}`, { ns: 'admin', defaultValue: '' });
  const button = t(`button.${action}`, { ns: 'admin', defaultValue: '' });
  if (menu && button) return `${menu} - ${button}`;
  return t(`logTitle.${path.replace(/\//g, '_')}`, { ns: 'admin', defaultValue: String(row.title ?? '') });
}

function LogTitle({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  return <>{logTitle(t, row)}</>;
}

const overrides: FieldOverrides = {
  title: { column: { render: (_v, row) => <LogTitle row={row} />, text: (_v, row, t) => logTitle(t as TFunction, row) } },
};

/** auth/adminLog — every admin POST/DELETE, passwords masked. */
export default function AdminLogPage() {
  const { t } = useTranslation('admin');
  return (
    <PageCard>
      <CrudTable<AdminLogRow> definition={adminLogCrud} overrides={overrides} actions={['export']} rowActions={(row) => <JsonDetails title={logTitle(t, row)} value={row.data} />} />
    </PageCard>
  );
}

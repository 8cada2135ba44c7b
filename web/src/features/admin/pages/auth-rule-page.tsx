import { authRuleCrud, type AuthRuleRow } from '@framecraft/contracts/crud/auth';
import { Tag } from 'antd';
import { IconPicker } from '../../../components/iconify/icon-picker.tsx';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { menuTitle } from '../shell/menu-title.ts';
import { MenuIcon } from '../shell/menu-icons.tsx';
import { PageCard } from './page-card.tsx';

/** Seeded rules show their translated title. */
function RuleTitle({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  return <>{menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) })}</>;
}

const overrides: FieldOverrides = {
  title: { column: { render: (_v, row) => <RuleTitle row={row} />, text: (_v, row, t) => menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) }) } },
  icon: { input: (props) => <IconPicker {...props} />, column: { render: (v) => (v ? <MenuIcon name={String(v)} /> : null) } },
  keepalive: { column: { render: (v) => (v ? <Tag color="blue">✓</Tag> : null) } },
};

/** auth/rule — the menu and permission-node tree. */
export default function AuthRulePage() {
  return (
    <PageCard>
      <CrudTable<AuthRuleRow> definition={authRuleCrud} overrides={overrides} />
    </PageCard>
  );
}

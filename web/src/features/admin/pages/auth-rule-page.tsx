import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../../components/iconify/icon-picker.tsx';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField, Row } from '../crud/types.ts';
import { menuTitle } from '../shell/menu-title.ts';
import { MenuIcon } from '../shell/menu-icons.tsx';
import { idField, statusField, weighField } from './fields.ts';
import { PageCard } from './page-card.tsx';

/** Seeded rules show their translated title. */
function RuleTitle({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  return <>{menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) })}</>;
}

const TYPES = [
  { value: 'menu_dir', label: 'ruleType.menu_dir', color: 'blue' },
  { value: 'menu', label: 'ruleType.menu', color: 'green' },
  { value: 'button', label: 'ruleType.button' },
];
const MENU_TYPES = ['tab', 'link', 'iframe'].map((value) => ({ value, label: `menuType.${value}` }));

const fields: CrudField[] = [
  idField,
  { name: 'title', column: { filter: true, render: (_v, row) => <RuleTitle row={row} />, text: (_v, row, t) => menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) }) }, form: { required: true } },
  { name: 'icon', input: (props) => <IconPicker {...props} />, column: { width: 70, render: (v) => (v ? <MenuIcon name={String(v)} /> : null) }, form: {} },
  { name: 'name', column: { filter: true }, form: { required: true, help: 'fields.ruleNameHelp' } },
  { name: 'type', type: 'select', options: TYPES, column: { filter: true, width: 110 }, form: { required: true, defaultValue: 'menu' } },
  { name: 'pid', label: 'fields.parent', type: 'remoteSelect', remote: { controller: 'auth/rule', labelField: 'title', tree: true, root: { value: 0, label: 'fields.topLevel' } }, column: false, form: { defaultValue: 0 } },
  { name: 'path', column: { hidden: true }, form: {} },
  { name: 'component', column: { hidden: true }, form: {} },
  { name: 'menu_type', type: 'select', options: MENU_TYPES, column: { hidden: true }, form: { defaultValue: 'tab' } },
  { name: 'url', column: false, form: {} },
  { name: 'keepalive', type: 'switch', column: { width: 100, render: (v) => (v ? <Tag color="blue">✓</Tag> : null) }, form: { defaultValue: 0 } },
  { name: 'remark', type: 'textarea', column: false, form: {} },
  { ...weighField, column: { sortable: true, width: 90 }, form: {} },
  statusField,
];

/** auth/rule — the menu and permission-node tree. */
export default function AuthRulePage() {
  return (
    <PageCard>
      <CrudTable controller="auth/rule" fields={fields} tree weigh />
    </PageCard>
  );
}

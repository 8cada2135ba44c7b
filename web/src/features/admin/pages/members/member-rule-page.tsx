import { Tag } from 'antd';
import { AppIcon } from '../../../../components/iconify/app-icon.tsx';
import { IconPicker } from '../../../../components/iconify/icon-picker.tsx';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField } from '../../crud/types.ts';
import { idField, statusField, weighField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';

const TYPES = ['menu_dir', 'menu', 'route', 'button', 'nav', 'nav_user_menu'].map((value) => ({ value, label: `ruleType.${value}` }));
const MENU_TYPES = ['tab', 'link', 'iframe'].map((value) => ({ value, label: `menuType.${value}` }));

const fields: CrudField[] = [
  idField,
  { name: 'title', column: { filter: true }, form: { required: true } },
  { name: 'name', column: { filter: true }, form: { required: true, help: 'fields.ruleNameHelp' } },
  { name: 'type', type: 'select', options: TYPES, column: { filter: true, width: 130 }, form: { required: true, defaultValue: 'menu' } },
  { name: 'pid', label: 'fields.parent', type: 'remoteSelect', remote: { controller: 'user/rule', labelField: 'title', tree: true, root: { value: 0, label: 'fields.topLevel' } }, column: false, form: { defaultValue: 0 } },
  { name: 'path', column: { filter: true }, form: {} },
  { name: 'icon', input: (props) => <IconPicker {...props} />, column: { hidden: true, width: 70, render: (v) => (v ? <AppIcon name={String(v)} /> : null) }, form: {} },
  { name: 'component', column: { hidden: true }, form: {} },
  { name: 'menu_type', type: 'select', options: MENU_TYPES, column: { hidden: true }, form: { defaultValue: 'tab' } },
  { name: 'url', column: false, form: {} },
  { name: 'keepalive', type: 'switch', column: { width: 100, render: (v) => (v ? <Tag color="blue">✓</Tag> : null) }, form: { defaultValue: 0 } },
  { name: 'no_login_valid', type: 'switch', column: { hidden: true }, form: { defaultValue: 0 } },
  { name: 'remark', type: 'textarea', column: false, form: {} },
  { ...weighField, column: { sortable: true, width: 90 }, form: {} },
  statusField,
];

/** user/rule — the member-centre menus and nodes. */
export default function MemberRulePage() {
  return (
    <PageCard>
      <CrudTable controller="user/rule" fields={fields} tree weigh />
    </PageCard>
  );
}

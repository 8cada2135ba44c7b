import { Popover, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField, Row } from '../crud/types.ts';
import { menuTitle } from '../shell/menu-title.ts';
import { MENU_ICONS, MenuIcon } from '../shell/menu-icons.tsx';
import { idField, statusField, weighField } from './fields.ts';
import { PageCard } from './page-card.tsx';

/** Seeded rules show their translated title. */
function RuleTitle({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  return <>{menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) })}</>;
}

/** Icon picker over the bundled menu icons. */
function IconPicker({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const grid = (
    <div className="grid max-h-64 grid-cols-6 gap-1 overflow-y-auto" data-testid="icon-picker">
      {Object.keys(MENU_ICONS).map((name) => (
        <button key={name} type="button" title={name} onClick={() => (onChange?.(name), setOpen(false))} className={`grid size-9 place-items-center rounded-md text-lg hover:bg-current/10 ${value === name ? 'bg-current/10' : ''}`}>
          <MenuIcon name={name} />
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} title={t('fields.icon')}>
      <button type="button" className="flex h-8 w-full items-center gap-2 rounded-md border border-current/20 px-3 text-start">
        {value ? <MenuIcon name={String(value)} /> : null}
        <span className="opacity-70">{value ? String(value) : t('crud.choose')}</span>
      </button>
    </Popover>
  );
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
  { name: 'icon', input: IconPicker, column: { width: 70, render: (v) => (v ? <MenuIcon name={String(v)} /> : null) }, form: {} },
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

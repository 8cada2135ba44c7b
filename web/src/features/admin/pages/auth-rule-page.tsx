import { authRuleCrud, type AuthRuleRow } from '@framecraft/contracts/crud/auth';
import { Popover, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { menuTitle } from '../shell/menu-title.ts';
import { MENU_ICONS, MenuIcon } from '../shell/menu-icons.tsx';
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

const overrides: FieldOverrides = {
  title: { column: { render: (_v, row) => <RuleTitle row={row} />, text: (_v, row, t) => menuTitle(t, { name: String(row.name), title: String(row.title), type: String(row.type) }) } },
  icon: { input: IconPicker, column: { render: (v) => (v ? <MenuIcon name={String(v)} /> : null) } },
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

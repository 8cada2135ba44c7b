import { authGroupCrud, type AuthGroupRow } from '@framecraft/contracts/crud/auth';
import { Tag, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../crud/crud-table.tsx';
import { seededName } from '../crud/seeded-names.ts';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { menuTitle } from '../shell/menu-title.ts';
import { useAdminMenus, type AdminMenu } from '../shell/menus-store.ts';
import { GroupName } from './group-name.tsx';
import { PageCard } from './page-card.tsx';

interface TreeNode {
  key: number;
  title: string;
  children?: TreeNode[];
}

/** The rules the current admin holds: exactly what they may grant. */
function RuleTree({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin');
  const menus = useAdminMenus((s) => s.menus);
  const toNodes = (list: AdminMenu[]): TreeNode[] => list.map((m) => ({ key: m.id, title: menuTitle(t, m), children: m.children ? toNodes(m.children) : undefined }));
  const checked = Array.isArray(value) ? (value as number[]) : [];
  return (
    <div className="max-h-80 overflow-y-auto rounded-md border border-current/10 p-2" data-testid="group-rule-tree">
      <Tree checkable defaultExpandAll treeData={toNodes(menus)} checkedKeys={checked} onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))} />
    </div>
  );
}

const overrides: FieldOverrides = {
  name: { column: { render: (v) => <GroupName name={String(v)} />, text: (v, _row, t) => seededName(t, String(v)) } },
  rules: {
    input: RuleTree,
    column: { render: (v) => (String(v).trim() === '*' ? <Tag color="gold">*</Tag> : String(v).split(',').filter(Boolean).length) },
  },
};

/** auth/group — a group grants only what its editor holds; the server checks it too. */
/** Ids of rules with children: the tree derives their state from the leaves. */
function parentIds(menus: AdminMenu[], out = new Set<number>()): Set<number> {
  for (const m of menus) {
    if (!m.children?.length) continue;
    out.add(m.id);
    parentIds(m.children, out);
  }
  return out;
}

export default function AuthGroupPage() {
  const menus = useAdminMenus((s) => s.menus);
  const parents = parentIds(menus);
  return (
    <PageCard>
      <CrudTable<AuthGroupRow>
        definition={authGroupCrud}
        overrides={overrides}
        toForm={(row: Row) => ({ ...row, rules: Array.isArray(row.rule_ids) ? (row.rule_ids as number[]).filter((id) => !parents.has(id)) : [] })}
      />
    </PageCard>
  );
}

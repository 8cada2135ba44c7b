import { memberGroupCrud, type MemberGroupRow, type MemberRuleRow } from '@framecraft/contracts/crud/member';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tree } from 'antd';
import { request } from '../../../../lib/request/index.ts';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { seededName } from '../../crud/seeded-names.ts';
import { GroupName } from '../group-name.tsx';
import { PageCard } from '../page-card.tsx';

/** A node of the member rule tree (the rule CRUD's index answers the whole tree). */
type RuleNode = Pick<MemberRuleRow, 'id' | 'title'> & { children?: RuleNode[] };
interface TreeItem {
  key: number;
  title: string;
  children?: TreeItem[];
}
const toTree = (nodes: RuleNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.title, children: n.children?.length ? toTree(n.children) : undefined }));

/** The member rule tree as checkboxes; the value is the stored "1,2,3" list. */
function MemberRuleTree({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const rules = useQuery({
    queryKey: ['admin', 'user/rule', 'tree'],
    queryFn: async () => (await request<{ list: RuleNode[] }>({ url: '/admin/user/rule/index', params: { limit: 999 } })).data.list,
  });
  const checked = String(value ?? '').split(',').filter(Boolean).map(Number);
  return (
    <div className="max-h-80 overflow-y-auto rounded-md border border-current/10 p-2" data-testid="member-rule-tree">
      <Tree checkable defaultExpandAll treeData={toTree(rules.data ?? [])} checkedKeys={checked} onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).join(','))} />
    </div>
  );
}

const overrides: FieldOverrides = {
  name: { column: { render: (v) => <GroupName name={String(v)} />, text: (v, _row, t) => seededName(t, String(v)) } },
  rules: { input: MemberRuleTree, column: { render: (v) => (String(v).trim() === '*' ? <Tag color="gold">*</Tag> : String(v).split(',').filter(Boolean).length) } },
};

/** user/group — member groups and the member-centre rules they open. */
export default function MemberGroupPage() {
  return (
    <PageCard>
      <CrudTable<MemberGroupRow> definition={memberGroupCrud} overrides={overrides} />
    </PageCard>
  );
}

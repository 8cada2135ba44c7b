import { memberRuleCrud, type MemberRuleRow } from '@framecraft/contracts/crud/member';
import { Tag } from 'antd';
import { AppIcon } from '../../../../components/iconify/app-icon.tsx';
import { IconPicker } from '../../../../components/iconify/icon-picker.tsx';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { PageCard } from '../page-card.tsx';

const overrides: FieldOverrides = {
  icon: { input: (props) => <IconPicker {...props} />, column: { render: (v) => (v ? <AppIcon name={String(v)} /> : null) } },
  keepalive: { column: { render: (v) => (v ? <Tag color="blue">✓</Tag> : null) } },
};

/** user/rule — the member-centre menus and nodes (CRUD v2 definition in contracts). */
export default function MemberRulePage() {
  return (
    <PageCard>
      <CrudTable<MemberRuleRow> definition={memberRuleCrud} overrides={overrides} />
    </PageCard>
  );
}

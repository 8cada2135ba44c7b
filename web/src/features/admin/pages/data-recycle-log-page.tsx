import { RollbackOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { Auth } from '../shell/auth.tsx';
import { idField, timeField } from './fields.ts';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'controller', column: { filter: true }, form: false },
  { name: 'data_table', column: { filter: true }, form: false },
  { name: 'data', label: 'fields.record', column: { render: (v) => String((v as { name?: string; title?: string; username?: string })?.name ?? (v as { title?: string })?.title ?? (v as { username?: string })?.username ?? '') }, form: false },
  { name: 'ip', column: { filter: true, hidden: true }, form: false },
  timeField('create_time'),
];

/** security/dataRecycleLog — the recycle bin: restore deleted rows. */
export default function DataRecycleLogPage() {
  const { t } = useTranslation('admin');
  const restore = (ids: number[], reload: () => void) => crudApi.post('security/dataRecycleLog/restore', { ids }).then(reload, () => undefined);
  return (
    <PageCard>
      <CrudTable
        controller="security/dataRecycleLog"
        fields={fields}
        actions={['del', 'export']}
        rowActions={(row, reload) => (
          <>
            <JsonDetails title={String(row.data_table)} value={row.data} />
            <Auth name="restore">
              <Popconfirm title={t('security.confirmRestore')} onConfirm={() => restore([row.id], reload)} okText={t('security.restore')} cancelText={t('crud.cancel')}>
                <Button size="small" type="link" icon={<RollbackOutlined />} data-testid={`restore-${row.id}`}>
                  {t('security.restore')}
                </Button>
              </Popconfirm>
            </Auth>
          </>
        )}
      />
    </PageCard>
  );
}

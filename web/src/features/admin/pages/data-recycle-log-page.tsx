import { RollbackOutlined } from '@ant-design/icons';
import { dataRecycleLogCrud, type DataRecycleLogRow } from '@framecraft/contracts/crud/security';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import { Auth } from '../shell/auth.tsx';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

const overrides: FieldOverrides = {
  data: { column: { render: (v) => String((v as { name?: string; title?: string; username?: string })?.name ?? (v as { title?: string })?.title ?? (v as { username?: string })?.username ?? '') } },
};

/** security/dataRecycleLog — the recycle bin: restore deleted rows. */
export default function DataRecycleLogPage() {
  const { t } = useTranslation('admin');
  const restore = (ids: number[], reload: () => void) => crudApi.post('security/dataRecycleLog/restore', { ids }).then(reload, () => undefined);
  return (
    <PageCard>
      <CrudTable<DataRecycleLogRow>
        definition={dataRecycleLogCrud}
        overrides={overrides}
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

import { RollbackOutlined } from '@ant-design/icons';
import { sensitiveDataLogCrud, type SensitiveDataLogRow } from '@framecraft/contracts/crud/security';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import { Auth } from '../shell/auth.tsx';
import { PageCard } from './page-card.tsx';

/** security/sensitiveDataLog — before/after of sensitive fields; roll an edit back. */
export default function SensitiveDataLogPage() {
  const { t } = useTranslation('admin');
  return (
    <PageCard>
      <CrudTable<SensitiveDataLogRow>
        definition={sensitiveDataLogCrud}
        actions={['del', 'export']}
        rowActions={(row, reload) => (
          <Auth name="rollback">
            <Popconfirm title={t('security.confirmRollback')} onConfirm={() => crudApi.post('security/sensitiveDataLog/rollback', { ids: [row.id] }).then(reload, () => undefined)} okText={t('security.rollback')} cancelText={t('crud.cancel')}>
              <Button size="small" type="link" icon={<RollbackOutlined />}>
                {t('security.rollback')}
              </Button>
            </Popconfirm>
          </Auth>
        )}
      />
    </PageCard>
  );
}

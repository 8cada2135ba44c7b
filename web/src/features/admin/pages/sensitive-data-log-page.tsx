import { RollbackOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField } from '../crud/types.ts';
import { Auth } from '../shell/auth.tsx';
import { idField, timeField } from './fields.ts';
import { PageCard } from './page-card.tsx';

const fields: CrudField[] = [
  idField,
  { name: 'controller', column: { filter: true }, form: false },
  { name: 'data_comment', column: { filter: true }, form: false },
  { name: 'id_value', type: 'number', column: { filter: true }, form: false },
  { name: 'before', column: {}, form: false },
  { name: 'after', column: {}, form: false },
  { name: 'ip', column: { hidden: true }, form: false },
  timeField('create_time'),
];

/** security/sensitiveDataLog — before/after of sensitive fields; roll an edit back. */
export default function SensitiveDataLogPage() {
  const { t } = useTranslation('admin');
  return (
    <PageCard>
      <CrudTable
        controller="security/sensitiveDataLog"
        fields={fields}
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

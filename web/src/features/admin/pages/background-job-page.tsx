import { RedoOutlined } from '@ant-design/icons';
import { backgroundJobCrud, type BackgroundJobRow } from '@framecraft/contracts/crud/routine';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import { Auth } from '../shell/auth.tsx';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

const overrides: FieldOverrides = {
  attempts: { column: { render: (v, row) => `${String(v)} / ${String(row.max_attempts)}` } },
  last_error: { column: { render: (v) => <span className="whitespace-pre-wrap break-words">{String(v ?? '')}</span> } },
};

/** routine/backgroundJob — the job runner's queue: state, attempts, last error; failed jobs can be retried (decision 020). */
export default function BackgroundJobPage() {
  const { t } = useTranslation('admin');
  const retry = (ids: number[], reload: () => void) => crudApi.post('routine/backgroundJob/retry', { ids }).then(reload, () => undefined);
  return (
    <PageCard>
      <CrudTable<BackgroundJobRow>
        definition={backgroundJobCrud}
        overrides={overrides}
        actions={['export']}
        rowActions={(row, reload) => (
          <>
            <JsonDetails title={String(row.name)} value={row.payload} />
            {row.state === 'failed' && (
              <Auth name="retry">
                <Popconfirm title={t('jobs.confirmRetry')} onConfirm={() => retry([row.id], reload)} okText={t('jobs.retry')} cancelText={t('crud.cancel')}>
                  <Button size="small" type="link" icon={<RedoOutlined />} data-testid={`retry-${String(row.id)}`}>
                    {t('jobs.retry')}
                  </Button>
                </Popconfirm>
              </Auth>
            )}
          </>
        )}
      />
    </PageCard>
  );
}

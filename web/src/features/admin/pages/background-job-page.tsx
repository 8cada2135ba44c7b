import { RedoOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField, Option } from '../crud/types.ts';
import { Auth } from '../shell/auth.tsx';
import { idField, timeField } from './fields.ts';
import { JsonDetails } from './json-view.tsx';
import { PageCard } from './page-card.tsx';

const STATE_OPTIONS: Option[] = [
  { value: 'queued', label: 'jobState.queued', color: 'blue' },
  { value: 'running', label: 'jobState.running', color: 'gold' },
  { value: 'succeeded', label: 'jobState.succeeded', color: 'green' },
  { value: 'failed', label: 'jobState.failed', color: 'red' },
];

const fields: CrudField[] = [
  idField,
  { name: 'name', label: 'fields.jobName', column: { filter: true, width: 200 }, form: false },
  { name: 'state', type: 'select', options: STATE_OPTIONS, column: { filter: true, width: 110 }, form: false },
  { name: 'attempts', type: 'number', column: { sortable: true, width: 100, render: (v, row) => `${String(v)} / ${String(row.max_attempts)}` }, form: false },
  { name: 'last_error', column: { width: 360, render: (v) => <span className="whitespace-pre-wrap break-words">{String(v ?? '')}</span> }, form: false },
  { name: 'unique_key', column: { filter: true, hidden: true }, form: false },
  timeField('run_time'),
  timeField('finish_time', true),
  timeField('create_time', true),
];

/** routine/backgroundJob — the job runner's queue: state, attempts, last error; failed jobs can be retried (decision 020). */
export default function BackgroundJobPage() {
  const { t } = useTranslation('admin');
  const retry = (ids: number[], reload: () => void) => crudApi.post('routine/backgroundJob/retry', { ids }).then(reload, () => undefined);
  return (
    <PageCard>
      <CrudTable
        controller="routine/backgroundJob"
        fields={fields}
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

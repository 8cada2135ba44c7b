import type { PayLogEntry, PayLogState } from '@framecraft/contracts/commerce-constants';
import { formatDate } from '@framecraft/contracts/date';
import { formatMoney } from '@framecraft/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePaging } from './use-paging.ts';
import { payLogQuery } from './api/commerce.ts';

const STATE_COLORS: Record<PayLogState, string> = { succeeded: 'success', refused: 'error', duplicate: 'default', failed: 'error', cancelled: 'default', pending: 'processing', late_paid: 'warning', ignored: 'default' };

/** My payments: the member's pay log (method, amount, time, order, outcome), newest first. */
export default function PaymentsPage() {
  const { t } = useTranslation('member');
  const { page, limit, pagination } = usePaging();
  const query = useQuery(payLogQuery(page, limit));

  const columns: ColumnsType<PayLogEntry> = [
    {
      key: 'method',
      title: t('payments.method'),
      render: (_, row) => (
        <>
          <span className="whitespace-nowrap">{t(`commerce:method.${row.method}`, { defaultValue: row.method })}</span>
          <span className="block text-xs text-muted">{t(`commerce:logKind.${row.kind}`)}</span>
          {/* Phones: the result goes under the method instead of its own column. */}
          <Tag color={STATE_COLORS[row.state]} bordered={false} className="mt-1 sm:!hidden">
            {t(`commerce:logState.${row.state}`)}
          </Tag>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('payments.amount'),
      render: (_, row) => <span className={`whitespace-nowrap tabular-nums ${row.kind === 'refund' ? 'text-emerald-600' : ''}`}>{`${row.kind === 'refund' ? '+' : ''}¥${formatMoney(row.amount)}`}</span>,
    },
    {
      key: 'order',
      title: t('payments.order'),
      render: (_, row) => (
        <>
          <span className="font-mono text-xs break-all">{row.order_no}</span>
          <span className="block text-xs text-muted tabular-nums md:hidden">{formatDate(row.create_time)}</span>
        </>
      ),
    },
    {
      key: 'state',
      title: t('payments.state'),
      responsive: ['sm'],
      render: (_, row) => (
        <Tag color={STATE_COLORS[row.state]} bordered={false} data-testid="payment-state">
          {t(`commerce:logState.${row.state}`)}
        </Tag>
      ),
    },
    { key: 'time', title: t('payments.time'), responsive: ['md'], render: (_, row) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.create_time)}</span> },
  ];

  return (
    <Card title={t('common:route.myPayments')}>
      <Table<PayLogEntry>
        data-testid="payments-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: t('payments.emptyTitle') }}
        pagination={pagination(query.data?.total ?? 0)}
      />
    </Card>
  );
}

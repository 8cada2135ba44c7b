import { formatDate } from '@framecraft/contracts/date';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePaging } from './use-paging.ts';
import { ledgerQuery, type LedgerKind, type LedgerRow } from './api/member.ts';
import { formatMoney } from '@framecraft/contracts/money';
import { signed } from './format.ts';


/** The balance log or the points log: paged on the server, newest first. */
export function LedgerPage({ kind }: { kind: LedgerKind }) {
  const { t } = useTranslation('member');
  const { page, limit, pagination } = usePaging();
  const query = useQuery(ledgerQuery(kind, page, limit));
  const money = kind === 'balance';
  const show = (value: number) => (money ? formatMoney(value) : String(value));

  const columns: ColumnsType<LedgerRow> = [
    {
      key: 'change',
      title: money ? t('ledger.moneyChange') : t('ledger.scoreChange'),
      render: (_, row) => {
        const change = (money ? row.money : row.score) ?? 0;
        return (
          <Tag color={change > 0 ? 'success' : change < 0 ? 'error' : 'default'} bordered={false} className="tabular-nums">
            {signed(change, money)}
          </Tag>
        );
      },
    },
    { key: 'before', title: t('ledger.before'), render: (_, row) => <span className="tabular-nums">{show(row.before)}</span>, responsive: ['sm'] },
    { key: 'after', title: t('ledger.after'), render: (_, row) => <span className="tabular-nums">{show(row.after)}</span> },
    {
      key: 'memo',
      title: t('ledger.memo'),
      render: (_, row) => (
        <>
          {/* What happened (the entry's kind), then the memo as written: memos are display text, never parsed. */}
          <span className="text-muted">{t(`ledgerKind.${row.kind}`, { defaultValue: row.kind })}</span>
          {row.memo && <span className="ms-2">{row.memo}</span>}
          {/* The time column is hidden on a phone: the time goes under the memo instead. */}
          <span className="block text-xs text-muted tabular-nums md:hidden">{formatDate(row.create_time)}</span>
        </>
      ),
    },
    { key: 'time', title: t('ledger.time'), render: (_, row) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.create_time)}</span>, responsive: ['md'] },
  ];

  return (
    <Card title={money ? t('ledger.balanceTitle') : t('ledger.scoreTitle')}>
      <Table<LedgerRow>
        data-testid={`${kind}-table`}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: t('ledger.empty') }}
        pagination={pagination(query.data?.total ?? 0)}
      />
    </Card>
  );
}

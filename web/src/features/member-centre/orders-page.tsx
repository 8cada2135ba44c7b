import { ORDER_STATES, type Order, type OrderState } from '@framecraft/contracts/commerce-constants';
import { formatDate } from '@framecraft/contracts/date';
import { formatMoney } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, List, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from './use-paging.ts';
import { Link } from 'react-router';
import { payPath } from '../../lib/commerce.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import { fullUrl } from '../../utils/full-url.ts';
import { cancelOrder, ordersQuery } from './api/commerce.ts';

const STATE_COLORS: Record<OrderState, string> = { unpaid: 'warning', paid: 'success', closed: 'default', refunded: 'purple' };

/** My orders: filter by state, paged on the server; detail with lines, cancel or pay an unpaid one. */
export default function OrdersPage() {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderState | ''>('');
  const { page, limit, setPage, pagination } = usePaging();
  const [open, setOpen] = useState<Order | null>(null);
  const query = useQuery(ordersQuery(state, page, limit));
  const receivedAt = query.dataUpdatedAt;

  const cancel = async (order: Order) => {
    try {
      const closed = await cancelOrder(queryClient, order.order_no);
      if (open?.order_no === order.order_no) setOpen(closed);
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const actions = (order: Order) => (
    <Space size={4} wrap>
      <Button size="small" type="link" data-testid="order-detail" onClick={() => setOpen(order)}>
        {t('orders.detail')}
      </Button>
      {order.state === 'unpaid' && (
        <>
          <Link to={payPath(order.order_no)} data-testid="order-pay">
            <Button size="small" type="primary">
              {t('orders.pay')}
            </Button>
          </Link>
          <Popconfirm title={t('orders.cancelConfirm')} okText={t('orders.cancel')} cancelText={t('orders.keep')} onConfirm={() => cancel(order)}>
            <Button size="small" danger data-testid="order-cancel">
              {t('orders.cancel')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );

  const columns: ColumnsType<Order> = [
    {
      key: 'order',
      title: t('orders.items'),
      render: (_, order) => (
        <div className="min-w-0">
          <p className="line-clamp-2 font-medium">{orderTitle(t, order)}</p>
          <p className="font-mono text-xs text-muted">{order.order_no}</p>
          <p className="text-xs text-muted tabular-nums md:hidden">{formatDate(order.create_time)}</p>
          {/* Phones: amount and state go under the order instead of their own columns. */}
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:hidden">
            <span className="tabular-nums">¥{formatMoney(order.amount)}</span>
            <Tag color={STATE_COLORS[order.state]} bordered={false} className="!m-0">
              {t(`commerce:state.${order.state}`)}
            </Tag>
            {order.state === 'unpaid' && <Countdown order={order} receivedAt={receivedAt} testId="order-countdown-phone" />}
          </div>
        </div>
      ),
    },
    { key: 'amount', title: t('orders.amount'), responsive: ['sm'], render: (_, order) => <span className="whitespace-nowrap tabular-nums">¥{formatMoney(order.amount)}</span> },
    {
      key: 'state',
      title: t('orders.state'),
      responsive: ['sm'],
      render: (_, order) => (
        <div className="flex flex-col items-start gap-1">
          <Tag color={STATE_COLORS[order.state]} bordered={false} data-testid="order-state">
            {t(`commerce:state.${order.state}`)}
          </Tag>
          {order.state === 'unpaid' && <Countdown order={order} receivedAt={receivedAt} onZero={() => void query.refetch()} />}
          {order.refunded_amount > 0 && order.state === 'paid' && <span className="text-xs text-muted">{t('orders.partRefunded', { amount: formatMoney(order.refunded_amount) })}</span>}
        </div>
      ),
    },
    { key: 'time', title: t('orders.time'), responsive: ['md'], render: (_, order) => <span className="whitespace-nowrap tabular-nums">{formatDate(order.create_time)}</span> },
    { key: 'actions', title: t('orders.actions'), width: 1, render: (_, order) => actions(order) },
  ];

  return (
    <Card title={t('common:route.myOrders')}>
      <Tabs
        activeKey={state || 'all'}
        onChange={(key) => {
          setState(key === 'all' ? '' : (key as OrderState));
          setPage(1);
        }}
        items={[{ key: 'all', label: t('orders.all') }, ...ORDER_STATES.map((key) => ({ key, label: t(`commerce:state.${key}`) }))]}
        data-testid="orders-filter"
      />
      <Table<Order>
        data-testid="orders-table"
        rowKey="order_no"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: t('orders.emptyTitle') }}
        pagination={pagination(query.data?.total ?? 0)}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth)}
        title={t('orders.detailTitle')}
        extra={open && actions(open)}
        destroyOnHidden
      >
        {open && <OrderDetail order={open} receivedAt={receivedAt} />}
      </Drawer>
    </Card>
  );
}

function orderTitle(t: (key: string, options?: Record<string, unknown>) => string, order: Order): string {
  const first = order.lines[0]?.title ?? t(`commerce:kind.${order.kind}`);
  return order.lines.length > 1 ? t('orders.andMore', { title: first, count: order.lines.length - 1 }) : first;
}

function Countdown({ order, receivedAt, onZero, testId = 'order-countdown' }: { order: Order; receivedAt: number; onZero?: () => void; testId?: string }) {
  const { t } = useTranslation('member');
  const left = useCountdown(order.expires_in, receivedAt, onZero);
  return (
    <span data-testid={testId} className="text-xs text-amber-600 tabular-nums dark:text-amber-400">
      {left > 0 ? t('commerce:countdown', { time: formatCountdown(left) }) : t('commerce:expired')}
    </span>
  );
}

function OrderDetail({ order, receivedAt }: { order: Order; receivedAt: number }) {
  const { t } = useTranslation('member');
  return (
    <div data-testid="order-detail-panel" className="space-y-5">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('orders.orderNo')}>
          <span className="font-mono">{order.order_no}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.kind')}>{t(`commerce:kind.${order.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.state')}>
          <Space size={6} wrap>
            <Tag color={STATE_COLORS[order.state]} bordered={false}>
              {t(`commerce:state.${order.state}`)}
            </Tag>
            {order.state === 'unpaid' && <Countdown order={order} receivedAt={receivedAt} />}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.amount')}>
          <span className="tabular-nums">¥{formatMoney(order.amount)}</span>
        </Descriptions.Item>
        {order.refunded_amount > 0 && (
          <Descriptions.Item label={t('orders.refunded')}>
            <span className="tabular-nums">¥{formatMoney(order.refunded_amount)}</span>
          </Descriptions.Item>
        )}
        {order.pay_method && <Descriptions.Item label={t('orders.method')}>{t(`commerce:method.${order.pay_method}`)}</Descriptions.Item>}
        <Descriptions.Item label={t('orders.time')}>{formatDate(order.create_time)}</Descriptions.Item>
        {order.pay_time && <Descriptions.Item label={t('orders.payTime')}>{formatDate(order.pay_time)}</Descriptions.Item>}
        {order.close_time && <Descriptions.Item label={t('orders.closeTime')}>{formatDate(order.close_time)}</Descriptions.Item>}
      </Descriptions>
      <List
        header={<span className="font-medium">{t('orders.lines')}</span>}
        dataSource={order.lines}
        renderItem={(line) => (
          <List.Item data-testid="order-line">
            <div className="flex w-full items-center gap-3">
              {line.cover && <img src={fullUrl(line.cover)} alt="" className="aspect-video w-20 shrink-0 rounded object-cover" />}
              <div className="min-w-0 flex-1">
                {line.item_id ? (
                  <Link to={`/course/${line.item_id}`} className="line-clamp-2">
                    {line.title}
                  </Link>
                ) : (
                  <span className="line-clamp-2">{line.title}</span>
                )}
                {line.reason !== 'list' && <span className="text-xs text-emerald-600 dark:text-emerald-400">{t(`commerce:reason.${line.reason}`)}</span>}
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <div>¥{formatMoney(line.price)}</div>
                {line.list_price > line.price && <s className="text-xs text-muted">¥{formatMoney(line.list_price)}</s>}
              </div>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}

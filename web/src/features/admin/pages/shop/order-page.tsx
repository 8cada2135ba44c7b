import type { AdminOrderDetail, AdminRefundAnswer, PayQueryAnswer } from '@framecraft/contracts/commerce-constants';
import { shopOrderCrud, type ShopOrderRow } from '@framecraft/contracts/crud/commerce';
import { formatDate } from '@framecraft/contracts/date';
import { CURRENCIES, currencyOf, formatMoney, parseMoney } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../../../../utils/idempotency-key.ts';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../api/crud.ts';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import { Auth } from '../../shell/auth.tsx';
import { PageCard } from '../page-card.tsx';
import { LOG_STATE_OPTIONS, ORDER_STATE_OPTIONS, yuan } from './shop-fields.tsx';

// The table comes from the contracts definition (CRUD v2); only the order number's look is the page's.
const overrides: FieldOverrides = { order_no: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } } };

/** shop/order — every order; detail with lines and payments, close an unpaid one, refund a paid one. */
export default function OrderPage() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<{ id: number; reload: () => void } | null>(null);
  return (
    <PageCard>
      <CrudTable<ShopOrderRow>
        definition={shopOrderCrud}
        overrides={overrides}
        rowActions={(row, reload) => (
          <Button size="small" type="link" data-testid={`order-detail-${row.id}`} onClick={() => setOpen({ id: row.id, reload })}>
            {t('shop.detail')}
          </Button>
        )}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} size={Math.min(720, window.innerWidth)} title={t('shop.orderDetail')} destroyOnHidden>
        {open && <OrderDetail id={open.id} onChanged={open.reload} />}
      </Drawer>
    </PageCard>
  );
}

function OrderDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const key = ['admin', 'shop', 'order', id];
  const query = useQuery({ queryKey: key, queryFn: () => crudApi.get<AdminOrderDetail>('shop/order/detail', { id }) });
  const [refunding, setRefunding] = useState(false);
  // One key per opened refund dialog, resent on retry, so a retried request refunds once.
  const [refundKey, setRefundKey] = useState('');
  const [querying, setQuerying] = useState(false);
  const [form] = Form.useForm<{ amount: number; memo: string }>();
  const detail = query.data;
  if (!detail) return <div className="py-10 text-center text-neutral-400">{query.isError ? t('shop.loadFailed') : '…'}</div>;
  const { order } = detail;
  const refundable = order.amount - order.refunded_amount;
  // Card/account payments go back through their provider (decision 036); balance and sandbox ones to the balance.
  const toProvider = order.pay_method !== null && !['balance', 'sandbox'].includes(order.pay_method);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };

  const close = () => crudApi.post('shop/order/close', { id }).then(changed, () => undefined);
  // Ask the provider (a lost or late notification); a confirmed payment is applied once, like its notification.
  const queryProvider = () => {
    setQuerying(true);
    crudApi
      .post<PayQueryAnswer>('shop/order/query', { id })
      .then(changed, () => undefined)
      .finally(() => setQuerying(false));
  };
  const refund = async () => {
    const values = await form.validateFields();
    // The form takes yuan with 2 decimals; the server takes integer cents, read exactly by the money module.
    const parsed = parseMoney(values.amount, { allowZero: false });
    if (!parsed.ok) return; // the form's own rules refuse such an amount first
    const cents = parsed.cents;
    try {
      await crudApi.post<AdminRefundAnswer>('shop/order/refund', { id, amount: cents, memo: values.memo ?? '', idempotency_key: refundKey });
      setRefunding(false);
      changed();
    } catch {
      // The request layer has shown the server's message.
    }
  };

  return (
    <div data-testid="admin-order-detail" className="space-y-5">
      <Space wrap>
        {order.state === 'unpaid' && (
          <Auth name="close">
            <Popconfirm title={t('shop.closeConfirm')} onConfirm={close} okText={t('shop.close')} cancelText={t('crud.cancel')}>
              <Button danger data-testid="admin-order-close">
                {t('shop.close')}
              </Button>
            </Popconfirm>
          </Auth>
        )}
        {(order.state === 'unpaid' || order.state === 'closed') && (
          <Auth name="query">
            <Button data-testid="admin-order-query" loading={querying} onClick={queryProvider} title={t('shop.queryHelp')}>
              {t('shop.queryProvider')}
            </Button>
          </Auth>
        )}
        {order.state === 'paid' && refundable > 0 && (
          <Auth name="refund">
            <Button
              type="primary"
              danger
              data-testid="admin-order-refund"
              onClick={() => {
                form.setFieldsValue({ amount: refundable / 100, memo: '' });
                setRefundKey(newIdempotencyKey());
                setRefunding(true);
              }}
            >
              {t('shop.refund')}
            </Button>
          </Auth>
        )}
      </Space>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
        <Descriptions.Item label={t('fields.order_no')}>
          <span className="font-mono">{order.order_no}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.member')}>{detail.member ? `${detail.member.username} (#${detail.member.id})` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.orderKind')}>{t(`shop.kind.${order.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.state')}>
          <Tag color={ORDER_STATE_OPTIONS.find((o) => o.value === order.state)?.color}>{t(`shop.state.${order.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.amount')}>{yuan(order.amount, order)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.refunded_amount')}>{yuan(order.refunded_amount, order)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.pay_method')}>{order.pay_method ? t(`shop.method.${order.pay_method}`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.trade_no')}>{detail.trade_no || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.create_time')}>{formatDate(order.create_time)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.expire_time')}>{formatDate(order.expire_time)}</Descriptions.Item>
        {order.pay_time && <Descriptions.Item label={t('fields.pay_time')}>{formatDate(order.pay_time)}</Descriptions.Item>}
        {order.close_time && <Descriptions.Item label={t('fields.close_time')}>{formatDate(order.close_time)}</Descriptions.Item>}
      </Descriptions>

      <Table
        size="small"
        rowKey="id"
        pagination={false}
        title={() => t('shop.lines')}
        dataSource={order.lines}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'title', title: t('fields.title'), dataIndex: 'title' },
          { key: 'list_price', title: t('fields.list_price'), render: (_, line) => yuan(line.list_price, order) },
          { key: 'price', title: t('fields.price'), render: (_, line) => yuan(line.price, order) },
          { key: 'reason', title: t('fields.reason'), render: (_, line) => t(`shop.reason.${line.reason}`) },
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        title={() => t('shop.payments')}
        dataSource={detail.payments}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('shop.noPayments') }}
        expandable={{ expandedRowRender: (row) => <pre className="max-h-60 overflow-auto text-xs whitespace-pre-wrap break-all">{row.raw || row.note || '—'}</pre>, rowExpandable: (row) => Boolean(row.raw || row.note) }}
        columns={[
          { key: 'kind', title: t('fields.logKind'), render: (_, row) => t(`shop.logKind.${row.kind}`) },
          { key: 'method', title: t('fields.method'), render: (_, row) => t(`shop.method.${row.method}`, { defaultValue: row.method }) },
          { key: 'amount', title: t('fields.amount'), render: (_, row) => yuan(row.amount, row) },
          { key: 'state', title: t('fields.state'), render: (_, row) => <Tag color={LOG_STATE_OPTIONS.find((o) => o.value === row.state)?.color}>{t(`shop.logState.${row.state}`)}</Tag> },
          { key: 'time', title: t('fields.create_time'), render: (_, row) => formatDate(row.create_time) },
        ]}
      />

      <Modal open={refunding} title={toProvider ? t('shop.refundTitleProvider', { method: t(`shop.method.${order.pay_method}`) }) : t('shop.refundTitle')} okText={t('shop.refund')} cancelText={t('crud.cancel')} onOk={() => void refund()} onCancel={() => setRefunding(false)} okButtonProps={{ danger: true, 'data-testid': 'admin-refund-ok' } as never}>
        <p className="mb-3 text-sm text-neutral-500">{toProvider ? t('shop.refundHelpProvider', { amount: formatMoney(refundable) }) : t('shop.refundHelp', { amount: formatMoney(refundable) })}</p>
        <Form form={form} layout="vertical">
          <Form.Item name="amount" label={t('fields.refundAmount')} rules={[{ required: true }, { type: 'number', min: 0.01, max: refundable / 100 }]}>
            <InputNumber data-testid="admin-refund-amount" min={0.01} max={refundable / 100} step={0.01} precision={2} prefix={CURRENCIES[currencyOf(order.currency)].symbol} className="!w-full" />
          </Form.Item>
          <Form.Item name="memo" label={t('fields.memo')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

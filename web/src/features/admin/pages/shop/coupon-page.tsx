import { COUPON_KINDS, COUPON_SCOPES } from '@framecraft/contracts/coupon-constants';
import { formatMoney } from '@framecraft/contracts/money';
import { Button, Form, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../api/crud.ts';
import { CrudTable } from '../../crud/crud-table.tsx';
import { RemoteSelect } from '../../crud/remote-select.tsx';
import type { CrudField, Option, Row } from '../../crud/types.ts';
import { Auth } from '../../shell/auth.tsx';
import { idField, statusField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { yuan } from './shop-fields.tsx';

const KIND_OPTIONS: Option[] = COUPON_KINDS.map((value) => ({ value, label: `coupon.kind.${value}` }));
const SCOPE_OPTIONS: Option[] = COUPON_SCOPES.map((value) => ({ value, label: `coupon.scope.${value}` }));
const window = (name: string): CrudField => ({ name, type: 'datetime', column: { sortable: true, filter: true, width: 170 }, form: { required: true } });

const fields: CrudField[] = [
  idField,
  { name: 'name', column: { filter: true }, form: { required: true } },
  { name: 'code', label: 'fields.couponCode', column: { filter: true, width: 140, render: (v) => <span className="font-mono">{String(v ?? '')}</span> }, form: { help: 'coupon.codeHelp' } },
  { name: 'kind', label: 'fields.couponKind', type: 'select', options: KIND_OPTIONS, column: { filter: true, width: 110 }, form: { required: true, defaultValue: 'amount' } },
  { name: 'amount', label: 'fields.couponAmount', column: { width: 110, render: (v, row) => (row.kind === 'amount' ? yuan(v) : '') }, form: { help: 'coupon.amountHelp' } },
  { name: 'percent', label: 'fields.percent', column: { width: 90, render: (v) => (Number(v) > 0 ? `${Number(v)}%` : '') }, form: { help: 'coupon.percentHelp' } },
  { name: 'min_spend', label: 'fields.minSpend', column: { width: 110, render: yuan }, form: { defaultValue: '0' } },
  window('start_time'),
  window('end_time'),
  { name: 'quantity', label: 'fields.quantity', type: 'number', column: { sortable: true, width: 100 }, form: { required: true, defaultValue: 100 } },
  { name: 'claimed', label: 'fields.claimed', type: 'number', column: { sortable: true, width: 100 }, form: false },
  { name: 'per_member', label: 'fields.perMember', type: 'number', column: { width: 100 }, form: { required: true, defaultValue: 1 } },
  { name: 'scope', label: 'fields.couponScope', type: 'select', options: SCOPE_OPTIONS, column: { filter: true, width: 120 }, form: { required: true, defaultValue: 'all' } },
  { name: 'scope_ids', label: 'fields.scopeIds', column: { hidden: true }, form: { help: 'coupon.scopeIdsHelp' } },
  statusField,
  timeField('create_time', true),
];

/** Cents → typed yuan, seconds → date pickers (and back): the server takes yuan and Unix seconds. */
const toForm = (row: Row) => ({
  ...row,
  amount: formatMoney(Number(row.amount ?? 0)),
  min_spend: formatMoney(Number(row.min_spend ?? 0)),
  percent: Number(row.percent) > 0 ? String(Number(row.percent)) : '',
  start_time: row.start_time ? dayjs.unix(Number(row.start_time)) : undefined,
  end_time: row.end_time ? dayjs.unix(Number(row.end_time)) : undefined,
});
const fromForm = (values: Record<string, unknown>) => ({
  ...values,
  start_time: (values.start_time as Dayjs | undefined)?.unix(),
  end_time: (values.end_time as Dayjs | undefined)?.unix(),
});

/** shop/coupon — coupons (decision 039): amount or percent off, window, quantity, limit, scope; issue to all or one member. */
export default function CouponPage() {
  const [issuing, setIssuing] = useState<{ row: Row; reload: () => void } | null>(null);
  const { t } = useTranslation('admin');
  return (
    <PageCard>
      <CrudTable
        controller="shop/coupon"
        fields={fields}
        defaultOrder="id,desc"
        toForm={toForm}
        fromForm={fromForm}
        rowActions={(row, reload) => (
          <Auth name="issue">
            <Button size="small" type="link" data-testid={`coupon-issue-${row.id}`} onClick={() => setIssuing({ row, reload })}>
              {t('coupon.issue')}
            </Button>
          </Auth>
        )}
      />
      {issuing && <IssueDialog coupon={issuing.row} onClose={() => setIssuing(null)} onIssued={issuing.reload} />}
    </PageCard>
  );
}

function IssueDialog({ coupon, onClose, onIssued }: { coupon: Row; onClose: () => void; onIssued: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ target: 'all' | 'member'; user_id?: number }>();
  const target = Form.useWatch('target', form);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      await crudApi.post('shop/coupon/issue', { id: coupon.id, ...values });
      onIssued();
      onClose();
    } catch {
      // The request layer has shown why (not enough left, over the limit…).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('coupon.issueTitle', { name: String(coupon.name) })} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText={t('coupon.issue')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ target: 'member' }}>
        <Form.Item name="target" label={t('coupon.target')}>
          <Radio.Group options={[{ value: 'member', label: t('coupon.toMember') }, { value: 'all', label: t('coupon.toAll') }]} />
        </Form.Item>
        {target !== 'all' && (
          <Form.Item name="user_id" label={t('fields.member')} rules={[{ required: true, message: t('crud.required') }]}>
            <RemoteSelect source={{ controller: 'user/user', labelField: 'username' }} testId="coupon-issue-member" />
          </Form.Item>
        )}
        <p className="text-xs opacity-70">{t('coupon.issueHelp', { left: Number(coupon.quantity) - Number(coupon.claimed) })}</p>
      </Form>
    </Modal>
  );
}

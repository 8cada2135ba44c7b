import { shopCouponCrud, type ShopCouponRow } from '@framecraft/contracts/crud/member-money';
import { formatMoney } from '@framecraft/contracts/money';
import { Button, Form, Modal, Radio } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../api/crud.ts';
import { CrudTable } from '../../crud/crud-table.tsx';
import { RemoteSelect } from '../../crud/remote-select.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import type { Row } from '../../crud/types.ts';
import { Auth } from '../../shell/auth.tsx';
import { CouponScopeInput, scopeIdsFromForm, scopeIdsToForm } from './coupon-scope-input.tsx';
import { PageCard } from '../page-card.tsx';
import { yuan } from './shop-fields.tsx';

// The table comes from the contracts definition (CRUD v2). The coupon's amount and minimum spend
// are typed in yuan and sent as typed (the server reads them with `moneyInputSchema`), so the
// form keeps them as text; the list shows them as money.
const overrides: FieldOverrides = {
  code: { column: { render: (v) => <span className="font-mono">{String(v ?? '')}</span> } },
  amount: { type: 'text', column: { render: (v, row) => (row.kind === 'amount' ? yuan(v) : '') } },
  percent: { type: 'text', column: { render: (v) => (Number(v) > 0 ? `${Number(v)}%` : '') } },
  min_spend: { type: 'text', column: { render: yuan } },
  // A tree of types or a search of items, by the scope (the wire keeps "3,7").
  scope_ids: { input: (props) => <CouponScopeInput {...props} /> },
};

/** Cents → typed yuan, seconds → date pickers; the dates go back as Unix seconds (the datetime fields). */
const toForm = (row: Row) => ({
  ...row,
  amount: formatMoney(Number(row.amount ?? 0)),
  min_spend: formatMoney(Number(row.min_spend ?? 0)),
  percent: Number(row.percent) > 0 ? String(Number(row.percent)) : '',
  start_time: row.start_time ? dayjs.unix(Number(row.start_time)) : undefined,
  end_time: row.end_time ? dayjs.unix(Number(row.end_time)) : undefined,
  scope_ids: scopeIdsToForm(row.scope_ids),
});
const fromForm = (values: Record<string, unknown>) => ({ ...values, scope_ids: scopeIdsFromForm(values.scope_ids) });

/** shop/coupon — coupons (decision 039): amount or percent off, window, quantity, limit, scope; issue to all or one member. */
export default function CouponPage() {
  const [issuing, setIssuing] = useState<{ row: Row; reload: () => void } | null>(null);
  const { t } = useTranslation('admin');
  return (
    <PageCard>
      <CrudTable<ShopCouponRow>
        definition={shopCouponCrud}
        overrides={overrides}
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

import { COUPON_CODE_PATTERN, MY_COUPON_TABS, type MemberCoupon, type MyCouponTab } from '@framecraft/contracts/coupon-constants';
import { formatDate } from '@framecraft/contracts/date';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../stores/site-config.ts';
import { claimCoupon, couponKeys, myCouponsQuery } from './api.ts';
import { couponValue } from './coupon-value.ts';

const PAGE_SIZE = 12;

/** My coupons (member centre, decision 039): claim one with a code; usable, used and expired ones. */
export default function MyCouponsPage() {
  const { t } = useTranslation('coupons');
  const [tab, setTab] = useState<MyCouponTab>('usable');
  const [page, setPage] = useState(1);
  const query = useQuery(myCouponsQuery(tab, page, PAGE_SIZE));
  return (
    <Card title={t('common:route.myCoupons')}>
      <ClaimForm onClaimed={() => (tab === 'usable' ? setPage(1) : setTab('usable'))} />
      <Tabs
        className="mt-4"
        activeKey={tab}
        onChange={(key) => {
          setTab(key as MyCouponTab);
          setPage(1);
        }}
        items={MY_COUPON_TABS.map((key) => ({ key, label: t(`tab.${key}`) }))}
      />
      {query.isPending ? (
        <Skeleton active />
      ) : !query.data?.list.length ? (
        <Empty data-testid="coupons-empty" description={t(`empty.${tab}`)} />
      ) : (
        <>
          <ul data-testid="coupon-list" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {query.data.list.map((coupon) => (
              <CouponCard key={coupon.id} coupon={coupon} tab={tab} />
            ))}
          </ul>
          {query.data.total > PAGE_SIZE && (
            <Pagination className="mt-4 justify-end" current={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} showSizeChanger={false} />
          )}
        </>
      )}
    </Card>
  );
}

function ClaimForm({ onClaimed }: { onClaimed: () => void }) {
  const { t } = useTranslation('coupons');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      await claimCoupon(code.trim());
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      onClaimed();
    } catch {
      // The request layer has shown why (unknown code, sold out, over the limit…).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="inline" onFinish={(values) => void submit(values)} className="flex-nowrap gap-2" data-testid="coupon-claim-form">
      <Form.Item name="code" className="!me-0 min-w-0 flex-1" rules={[{ required: true, pattern: COUPON_CODE_PATTERN, message: t('codeFormat') }]}>
        <Input placeholder={t('codePlaceholder')} data-testid="coupon-code" allowClear autoComplete="off" maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="coupon-claim">
        {t('claim')}
      </Button>
    </Form>
  );
}

function CouponCard({ coupon, tab }: { coupon: MemberCoupon; tab: MyCouponTab }) {
  const { t } = useTranslation('coupons');
  const currency = useSiteConfig((state) => state.currency);
  const shown = couponValue(coupon, currency, t);
  const faded = tab !== 'usable';
  return (
    <li data-testid="coupon-card" data-state={coupon.state} className={`flex overflow-hidden rounded-xl border border-[var(--ant-color-border)] ${faded ? 'opacity-60' : ''}`}>
      <div className="flex w-28 shrink-0 flex-col items-center justify-center bg-rose-500/10 px-2 py-4 text-center text-rose-600 dark:text-rose-400">
        <span className="text-xl font-semibold tabular-nums">{shown.value}</span>
        <span className="text-xs">{shown.off}</span>
      </div>
      <div className="min-w-0 flex-1 px-4 py-3">
        <p className="truncate font-medium">{coupon.name}</p>
        <p className="text-xs opacity-75">
          {shown.condition} · {shown.scope}
        </p>
        <p className="mt-1 text-xs tabular-nums opacity-75">{t('validUntil', { date: formatDate(coupon.end_time, 'yyyy-mm-dd hh:MM') })}</p>
        <div className="mt-2">
          {coupon.state === 'reserved' && (
            <>
              <Tag color="orange">{t('held')}</Tag>
              <span className="mt-1 block truncate font-mono text-xs opacity-75">{coupon.order_no}</span>
            </>
          )}
          {coupon.state === 'used' && (
            <>
              <Tag color="default">{t('usedOn', { date: coupon.use_time ? formatDate(coupon.use_time, 'yyyy-mm-dd') : '' })}</Tag>
              <span className="mt-1 block truncate font-mono text-xs opacity-75">{coupon.order_no}</span>
            </>
          )}
          {coupon.state === 'available' && tab === 'usable' && <Tag color="green">{t('state.available')}</Tag>}
          {tab === 'expired' && <Tag>{t('state.expired')}</Tag>}
        </div>
      </div>
    </li>
  );
}

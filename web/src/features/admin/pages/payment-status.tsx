import type { PaymentMethodStatus } from '@framecraft/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';


export const paymentStatusKey = ['admin-config', 'paymentStatus'];

/**
 * System settings → Payment: one line per payment method — ready, or why members are not offered
 * it ("Alipay: missing app ID, missing app private key"). Refreshed after every save.
 */
export function PaymentStatus() {
  const { t } = useTranslation('admin');
  const siteUrl = Form.useWatch<string | undefined>('siteUrl', { preserve: true });
  const query = useQuery({ queryKey: paymentStatusKey, queryFn: () => crudApi.get<{ list: PaymentMethodStatus[] }>('routine/config/paymentStatus') });
  const base = (siteUrl ?? '').trim().replace(/\/+$/, '');
  return (
    <section data-testid="payment-status" className="mb-4 flex flex-col gap-2">
      <Typography.Title level={5} className="!mb-0">
        {t('config.paymentStatus.title')}
      </Typography.Title>
      {query.data?.list.map((method) => {
        const why = !method.enabled ? [t('config.paymentStatus.notEnabled')] : method.problems.length ? method.problems : !method.available ? [t('config.paymentStatus.unavailable')] : [];
        const ready = method.enabled && method.available && why.length === 0;
        return (
          <Alert
            key={method.code}
            type={ready ? 'success' : method.enabled ? 'warning' : 'info'}
            showIcon
            data-testid={`payment-status-${method.code}`}
            data-ready={ready}
            title={t('config.paymentStatus.line', { name: method.name, status: ready ? t('config.paymentStatus.ready') : why.join(t('config.paymentStatus.separator')) })}
          />
        );
      })}
      <Typography.Text type="secondary" className="text-xs break-all" data-testid="payment-urls">
        {/^https?:\/\//.test(base)
          ? t('config.paymentStatus.urls', { notify: `${base}/api/pay/notify/alipay`, back: `${base}/pay?order=…` })
          : t('config.paymentStatus.urlsMissing')}
      </Typography.Text>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { DocumentIcon, ShieldIcon } from '../../components/icons.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';

/** Checkout (spec §2 /pay): pays one order; opened without one it says so and points to the orders. */
export default function PayPage() {
  const { t } = useTranslation('checkout');
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('common:route.pay')} description={t('pay.description')} />
      <div className="rounded-3xl border border-line bg-surface/60">
        <EmptyState
          testId="pay-no-order"
          icon={<DocumentIcon />}
          title={t('pay.noOrderTitle')}
          description={t('pay.noOrderDescription')}
          actions={
            <>
              <Link to="/user/my-orders" className={buttonClass('primary')}>
                {t('common:route.myOrders')}
              </Link>
              <Link to="/list" className={buttonClass('secondary')}>
                {t('common:action.browse')}
              </Link>
            </>
          }
        />
      </div>
      <p className="mt-6 flex items-center justify-center gap-2 text-xs text-faint">
        <ShieldIcon /> {t('pay.secure')}{' '}
        <Link to="/agreement" className="underline underline-offset-2 hover:text-muted">
          {t('common:route.agreement')}
        </Link>
      </p>
    </PageContainer>
  );
}

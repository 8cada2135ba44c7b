import { formatPrice } from '@framecraft/contracts/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { InboxIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { useCurrency } from '../../stores/site-config.ts';
import { Glow } from '../../components/glow.tsx';

/** Top up (spec §2 /topup): the member's balance and the amounts the shop offers. */
export default function TopupPage() {
  const { t } = useTranslation('checkout');
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const money = useMemberStore((state) => state.money);
  const currency = useCurrency();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('common:route.topup')} description={t('topup.description')} />
      {loggedIn ? (
        <div className="space-y-6">
          <div data-testid="topup-balance" className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface p-6 sm:p-8">
            <Glow className="-top-32 -right-32 size-96" />
            <p className="text-sm text-muted">{t('topup.balance')}</p>
            <p className="mt-2 text-4xl font-semibold tracking-tight text-ink tabular-nums">{formatPrice(money, currency)}</p>
          </div>
          <div className="rounded-3xl border border-dashed border-line-strong">
            <EmptyState testId="topup-no-amounts" icon={<InboxIcon />} title={t('topup.noAmountsTitle')} description={t('topup.noAmountsDescription')} />
          </div>
          <p className="text-center text-xs text-faint">
            {t('topup.agreementNote')}{' '}
            <Link to="/topup-agreement" className="underline underline-offset-2 hover:text-muted">
              {t('common:route.topupAgreement')}
            </Link>
          </p>
        </div>
      ) : (
        <div className="rounded-3xl border border-line bg-surface/60">
          <LoginPrompt title={t('topup.visitorTitle')} description={t('topup.visitorDescription')} />
        </div>
      )}
    </PageContainer>
  );
}

import type { SandboxNotification } from '@framecraft/contracts/commerce-constants';
import { formatMoney } from '@framecraft/contracts/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { PageContainer } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.tsx';
import { payPath } from '../../lib/commerce.ts';
import { recordSandboxResult, sendSandboxResult } from './api/checkout.ts';

const FIELDS = ['order_no', 'trade_no', 'amount', 'currency', 'expire', 'sign'] as const;

/**
 * The sandbox provider's "payment page" (never a real payment): it plays the provider, sending
 * pay / fail / cancel with the signed fields it was opened with to the same notification endpoint
 * real providers use, then returns to checkout, which learns the outcome by polling.
 */
export default function SandboxPage() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  // Pays at the "cashier" but drops the notification: the result page's query must find the payment.
  const [loseNotification, setLoseNotification] = useState(false);
  const fields = Object.fromEntries(FIELDS.map((name) => [name, params.get(name) ?? ''])) as Omit<SandboxNotification, 'result'>;
  const complete = FIELDS.every((name) => fields[name] !== '');
  const cents = Number(fields.amount);

  const send = async (result: SandboxNotification['result']) => {
    setBusy(true);
    try {
      const recorded = await recordSandboxResult({ ...fields, result }).catch(() => false);
      const accepted = recorded && (loseNotification || (await sendSandboxResult({ ...fields, result })));
      if (!accepted) toast.error(t('sandbox.refused'));
      navigate(`${payPath(fields.order_no)}&result=${result === 'paid' ? 'returned' : result}`, { replace: true });
    } catch {
      toast.error(t('sandbox.refused'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer className="max-w-md">
      <div data-testid="sandbox-page" className="overflow-hidden rounded-3xl border-2 border-dashed border-amber-500/60 bg-surface">
        <p className="bg-amber-500 px-5 py-2 text-center text-xs font-semibold tracking-[0.18em] text-amber-950 uppercase">{t('sandbox.banner')}</p>
        <div className="p-6 text-center sm:p-8">
          <h1 data-testid="page-title" className="text-xl font-semibold text-ink">
            {t('common:route.paySandbox')}
          </h1>
          <p className="mt-2 text-sm text-muted">{t('sandbox.description')}</p>
          {complete ? (
            <>
              <p data-testid="sandbox-amount" className="mt-6 text-4xl font-semibold text-ink tabular-nums">
                <span className="text-xl">{fields.currency === 'CNY' ? '¥' : `${fields.currency} `}</span>
                {Number.isInteger(cents) ? formatMoney(cents) : fields.amount}
              </p>
              <p className="mt-2 font-mono text-xs text-faint">{fields.order_no}</p>
              <div className="mt-8 grid gap-2.5">
                <button type="button" data-testid="sandbox-pay" disabled={busy} onClick={() => void send('paid')} className={buttonClass('primary', 'lg', 'w-full')}>
                  {t('sandbox.pay')}
                </button>
                <div className="grid grid-cols-2 gap-2.5">
                  <button type="button" data-testid="sandbox-fail" disabled={busy} onClick={() => void send('failed')} className={buttonClass('secondary', 'md')}>
                    {t('sandbox.fail')}
                  </button>
                  <button type="button" data-testid="sandbox-cancel" disabled={busy} onClick={() => void send('cancelled')} className={buttonClass('secondary', 'md')}>
                    {t('sandbox.cancel')}
                  </button>
                </div>
              </div>
              <label className="mt-5 flex items-start justify-center gap-2 text-left text-xs text-muted">
                <input type="checkbox" data-testid="sandbox-lose" checked={loseNotification} onChange={(event) => setLoseNotification(event.target.checked)} className="mt-0.5 size-3.5 accent-[var(--fc-accent)]" />
                <span>{t('sandbox.loseNotification')}</span>
              </label>
            </>
          ) : (
            <p data-testid="sandbox-invalid" className="mt-6 rounded-xl bg-rose-500/10 px-4 py-3 text-sm text-rose-600 dark:text-rose-300">
              {t('sandbox.invalid')}
            </p>
          )}
        </div>
      </div>
    </PageContainer>
  );
}

import { translate, type ClientMessageKey } from '@framecraft/contracts/client-messages';
import { topupBonusFor, type TopupOptions } from '@framecraft/contracts/member-money';
import { currencyOf, formatPrice, parseMoney } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { TextField } from '../../components/form.tsx';
import { Glow } from '../../components/glow.tsx';
import { InboxIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { createMoneyOrder, payPath } from '../../lib/commerce.ts';
import { request } from '../../lib/request/index.ts';
import { getLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { useCurrency } from '../../stores/site-config.ts';

const topupOptionsQuery = {
  queryKey: ['memberMoney', 'topupOptions'],
  queryFn: async () => (await request<TopupOptions>({ url: '/api/topup/options' })).data,
};

/** Top up (spec §2 /topup): the member's balance, the shop's amounts and a custom one, the agreement; then checkout. */
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
            <p data-testid="topup-balance-amount" className="mt-2 text-4xl font-semibold tracking-tight text-ink tabular-nums">
              {formatPrice(money, currency)}
            </p>
          </div>
          <TopupForm />
        </div>
      ) : (
        <div className="rounded-3xl border border-line bg-surface/60">
          <LoginPrompt title={t('topup.visitorTitle')} description={t('topup.visitorDescription')} />
        </div>
      )}
    </PageContainer>
  );
}

/** Presets (with their bonus), a custom amount within the bounds, what the member gets, the agreement. */
function TopupForm() {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useQuery(topupOptionsQuery);
  const [preset, setPreset] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  if (options.isPending) return <Skeleton className="h-72 rounded-3xl" />;
  const data = options.data;
  if (!data || (data.presets.length === 0 && data.max < data.min)) {
    return (
      <div className="rounded-3xl border border-dashed border-line-strong">
        <EmptyState testId="topup-no-amounts" icon={<InboxIcon />} title={t('topup.noAmountsTitle')} description={t('topup.noAmountsDescription')} />
      </div>
    );
  }
  const currency = currencyOf(data.currency);
  const money = (cents: number) => formatPrice(cents, currency);
  const chosenPreset = preset ?? (custom ? null : (data.presets[0]?.amount ?? null));

  // The custom amount, read exactly by the money module, within the shop's bounds.
  let amount: number | null = chosenPreset;
  let error = '';
  if (chosenPreset === null && custom.trim()) {
    const parsed = parseMoney(custom, { allowZero: false });
    if (!parsed.ok) error = translate(getLanguage(), parsed.error as ClientMessageKey);
    else if (parsed.cents < data.min) error = t('memberMoney.belowMin', { min: money(data.min) });
    else if (parsed.cents > data.max) error = t('memberMoney.aboveMax', { max: money(data.max) });
    else amount = parsed.cents;
  }
  const bonus = amount === null ? 0 : topupBonusFor(amount, data.presets);

  const submit = async () => {
    if (amount === null) return;
    setBusy(true);
    try {
      const order = await createMoneyOrder(queryClient, { kind: 'topup', amount });
      navigate(payPath(order.order_no));
    } catch {
      // The request layer has shown the server's message (e.g. an amount out of bounds).
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="topup-form" className="space-y-6 rounded-3xl border border-line bg-surface p-5 sm:p-7">
      {data.presets.length > 0 && (
        <div>
          <h2 className="text-base font-semibold text-ink">{t('memberMoney.choose')}</h2>
          <div role="radiogroup" aria-label={t('memberMoney.choose')} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {data.presets.map((p) => {
              const active = chosenPreset === p.amount;
              return (
                <button
                  key={p.amount}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  data-testid="topup-preset"
                  onClick={() => {
                    setPreset(p.amount);
                    setCustom('');
                  }}
                  className={`relative flex flex-col items-start rounded-2xl border px-4 py-3.5 text-left transition-colors ${active ? 'border-accent bg-accent/10 ring-1 ring-accent' : 'border-line-strong hover:bg-surface-2'}`}
                >
                  <span className="text-xl font-semibold text-ink tabular-nums">{money(p.amount)}</span>
                  <span className={`mt-1 text-xs ${p.bonus > 0 ? 'font-medium text-emerald-600 dark:text-emerald-400' : 'text-faint'}`}>
                    {p.bonus > 0 ? t('memberMoney.bonus', { bonus: money(p.bonus) }) : t('memberMoney.noBonus')}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      )}
      {data.max >= data.min && (
        <div className="max-w-sm">
          <TextField
            label={t('memberMoney.custom')}
            name="topup-custom"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('memberMoney.customPlaceholder', { min: money(data.min), max: money(data.max) })}
            value={custom}
            error={error}
            onChange={(event) => {
              setCustom(event.target.value);
              setPreset(null);
            }}
          />
        </div>
      )}
      <dl className="space-y-1.5 rounded-2xl bg-surface-2/60 px-4 py-3.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">{t('memberMoney.pay')}</dt>
          <dd data-testid="topup-pay" className="font-medium text-ink tabular-nums">
            {amount === null ? '—' : money(amount)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">{t('memberMoney.receive')}</dt>
          <dd data-testid="topup-receive" className="font-semibold text-ink tabular-nums">
            {amount === null ? '—' : money(amount + bonus)}
            {bonus > 0 && <span className="ml-2 text-xs font-medium text-emerald-600 dark:text-emerald-400">{t('memberMoney.bonus', { bonus: money(bonus) })}</span>}
          </dd>
        </div>
      </dl>
      <label className="flex items-start gap-2.5 text-sm text-muted">
        <input type="checkbox" data-testid="topup-agree" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} className="mt-0.5 size-4 accent-[var(--fc-accent)]" />
        <span>
          {t('memberMoney.agree')}{' '}
          <Link to="/topup-agreement" target="_blank" className="text-ink underline underline-offset-2">
            {t('common:route.topupAgreement')}
          </Link>
        </span>
      </label>
      <button
        type="button"
        data-testid="topup-submit"
        disabled={busy || !agreed || amount === null}
        onClick={() => void submit()}
        className={buttonClass('primary', 'lg', 'w-full justify-center')}
      >
        {amount === null ? t('memberMoney.submitEmpty') : t('memberMoney.submit', { amount: money(amount) })}
      </button>
      <p className="text-center text-xs text-faint">{t('memberMoney.methodsNote')}</p>
    </section>
  );
}

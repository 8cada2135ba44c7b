import type { VipTierInfo } from '@framecraft/contracts/catalogue';
import { formatDate } from '@framecraft/contracts/date';
import { CURRENCIES, formatMoney, formatPrice } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createMoneyOrder, payPath } from '../../lib/commerce.ts';
import { useMemberStore } from '../../stores/member.ts';
import { loginPath } from '../../utils/redirect-target.ts';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { request } from '../../lib/request/index.ts';
import { getLanguage } from '../../stores/language.ts';
import { useCurrency } from '../../stores/site-config.ts';
import { CrownIcon, HeartIcon, PlayIcon, SparklesIcon } from '../../components/icons.tsx';
import { PageContainer } from '../../components/page-header.tsx';
import { Glow } from '../../components/glow.tsx';

const BENEFITS = [
  { key: 'free', icon: SparklesIcon },
  { key: 'price', icon: CrownIcon },
  { key: 'courses', icon: PlayIcon },
  { key: 'favourites', icon: HeartIcon },
] as const;

/** VIP pricing (spec §2 /vip-pricing): what membership gives, and the tiers the shop offers. */
export default function VipPricingPage() {
  const { t } = useTranslation('vip');
  const tiers = useQuery({
    queryKey: ['vip', 'tiers', getLanguage()],
    queryFn: async () => (await request<{ list: VipTierInfo[] }>({ url: '/api/vip/tiers' })).data.list,
  });
  return (
    <PageContainer>
      <header className="relative isolate mx-auto max-w-3xl pt-4 pb-12 text-center">
        <Glow className="inset-x-0 -top-16 mx-auto h-72 max-w-2xl" />
        <p className="inline-flex items-center gap-2 rounded-full border border-amber-400/30 bg-amber-400/10 px-3 py-1 text-xs font-medium text-amber-500 dark:text-amber-300">
          <CrownIcon /> VIP
        </p>
        <h1 data-testid="page-title" className="mt-5 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          {t('title')}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-muted">{t('description')}</p>
        <CurrentMembership />
      </header>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-2xl border border-line bg-surface p-5">
            <span className="grid size-10 place-items-center rounded-xl bg-gradient-to-br from-amber-400/20 to-rose-500/20 text-lg text-accent">
              <Icon />
            </span>
            <h2 className="mt-4 font-medium text-ink">{t(`benefits.${key}.title`)}</h2>
            <p className="mt-1.5 text-sm leading-relaxed text-muted">{t(`benefits.${key}.description`)}</p>
          </li>
        ))}
      </ul>

      {tiers.isPending ? (
        <div className="mt-12 grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 rounded-3xl" />
          ))}
        </div>
      ) : tiers.data?.length ? (
        <div data-testid="vip-tiers" className="mt-12 grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
          {tiers.data.map((tier, index) => (
            <TierCard key={tier.id} tier={tier} featured={tiers.data.length > 1 && index === 1} />
          ))}
        </div>
      ) : (
        <section className="mt-12 rounded-3xl border border-dashed border-line-strong">
          <EmptyState testId="vip-plans-empty" icon={<CrownIcon />} title={t('plansEmptyTitle')} description={t('plansEmptyDescription')} />
        </section>
      )}
    </PageContainer>
  );
}

function TierCard({ tier, featured }: { tier: VipTierInfo; featured: boolean }) {
  const { t } = useTranslation('vip');
  const currency = useCurrency();
  const saving = tier.listPrice > tier.price ? Math.round((1 - tier.price / tier.listPrice) * 100) : 0;
  return (
    <article
      data-testid="vip-tier"
      className={`relative flex h-full flex-col rounded-3xl border p-6 sm:p-7 ${featured ? 'border-amber-400/60 bg-gradient-to-b from-amber-400/10 to-surface shadow-2xl shadow-amber-500/10' : 'border-line bg-surface'}`}
    >
      {featured && <span className="absolute -top-3 left-6 rounded-full bg-gradient-to-r from-amber-300 to-amber-500 px-3 py-1 text-xs font-semibold text-amber-950">{t('popular')}</span>}
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <CrownIcon className="text-amber-500" /> {tier.name}
      </h2>
      <p className="mt-1 text-sm text-muted">{tier.days === 0 ? t('lifetime') : t('days', { count: tier.days })}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-ink tabular-nums">
          <span className="text-xl">{CURRENCIES[currency].symbol}</span>
          {formatMoney(tier.price)}
        </span>
        {tier.listPrice > tier.price && <s className="text-sm text-faint tabular-nums">{formatPrice(tier.listPrice, currency)}</s>}
      </p>
      {saving > 0 && <p className="mt-1 text-xs font-medium text-emerald-600 dark:text-emerald-400">{t('save', { percent: saving })}</p>}
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-muted">
        {tier.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2.5">
            <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent" />
            {benefit}
          </li>
        ))}
      </ul>
      <BuyButton tierId={tier.id} featured={featured} />
    </article>
  );
}

/** Members order the tier and go to checkout (the server refuses a lower tier while a higher one runs); visitors log in first. */
function BuyButton({ tierId, featured }: { tierId: number; featured: boolean }) {
  const { t } = useTranslation('vip');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const [busy, setBusy] = useState(false);
  const buy = async () => {
    if (!loggedIn) {
      navigate(loginPath('/login', '/vip-pricing'));
      return;
    }
    setBusy(true);
    try {
      navigate(payPath((await createMoneyOrder(queryClient, { kind: 'vip', tier_id: tierId })).order_no));
    } catch {
      // The request layer has shown why (a lower tier while a higher one runs, a tier taken off sale).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" data-testid="vip-buy" disabled={busy} onClick={() => void buy()} className={buttonClass(featured ? 'primary' : 'secondary', 'lg', 'mt-8 w-full justify-center')}>
      {t('choose')}
    </button>
  );
}

/** The member's running membership (the member info carries the current level: 0 once it ran out). */
function CurrentMembership() {
  const { t } = useTranslation('vip');
  const level = useMemberStore((state) => (state.isLoggedIn() ? state.vip_level : 0));
  const name = useMemberStore((state) => state.vipLevelName);
  const until = useMemberStore((state) => state.vip_date as unknown as number | string | null);
  if (level <= 0) return null;
  return (
    <p data-testid="vip-current" className="mt-5 inline-flex items-center gap-2 rounded-full border border-amber-400/30 bg-amber-400/10 px-4 py-1.5 text-sm text-ink">
      <CrownIcon className="text-amber-500" />
      {until ? t('current', { name: name || `VIP ${level}`, date: formatDate(until, 'yyyy-mm-dd') }) : t('currentLifetime', { name: name || `VIP ${level}` })}
    </p>
  );
}

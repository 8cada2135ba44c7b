import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
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

      <section className="mt-12 rounded-3xl border border-dashed border-line-strong">
        <EmptyState testId="vip-plans-empty" icon={<CrownIcon />} title={t('plansEmptyTitle')} description={t('plansEmptyDescription')} />
      </section>
    </PageContainer>
  );
}

import type { CatalogueHome, CourseCard as Card } from '@framecraft/contracts/catalogue';
import { formatPrice } from '@framecraft/contracts/money';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ArrowRightIcon, CrownIcon, FilmIcon, InboxIcon, PlayIcon, RefreshIcon, SparklesIcon } from '../../components/icons.tsx';
import { CardGridSkeleton } from '../../components/skeleton.tsx';
import { Glow } from '../../components/glow.tsx';
import { useCurrency } from '../../stores/site-config.ts';
import { fullUrl } from '../../utils/full-url.ts';
import { homeQuery } from './api/catalogue.ts';
import { CourseCard, CourseGrid, detailPath } from './components/course-card.tsx';
import { EmptyShelf } from './components/empty-shelf.tsx';
import { NoticeList } from './components/notice-list.tsx';
import { WhenNear } from './components/when-near.tsx';

const KINDS = [
  { key: 'drama', icon: FilmIcon, to: '/list?kind=material', tint: 'from-amber-500/20' },
  { key: 'film', icon: PlayIcon, to: '/list?kind=material&sort=popular', tint: 'from-rose-500/20' },
  { key: 'course', icon: SparklesIcon, to: '/list?kind=course', tint: 'from-violet-500/20' },
] as const;

/** Home (spec §2 /, kept alive): hero with featured items, notices, latest, popular, a shelf per type, VIP. */
export default function HomePage() {
  const { t } = useTranslation('catalogue');
  const home = useQuery(homeQuery());
  const data = home.data;
  return (
    <div data-testid="home-page">
      <Hero featured={data?.banner ?? []} />

      <section className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-4 md:grid-cols-3">
          {KINDS.map(({ key, icon: Icon, to, tint }) => (
            <Link
              key={key}
              to={to}
              className={`group relative overflow-hidden rounded-2xl border border-line bg-gradient-to-br ${tint} to-transparent p-6 transition-colors hover:border-line-strong`}
            >
              <Icon className="text-2xl text-ink" />
              <h2 className="mt-4 font-semibold text-ink">{t(`home.kinds.${key}.title`)}</h2>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{t(`home.kinds.${key}.description`)}</p>
              <ArrowRightIcon className="absolute top-6 right-6 text-muted transition-transform group-hover:translate-x-1 group-hover:text-ink" />
            </Link>
          ))}
        </div>
      </section>

      {data && data.notices.length > 0 && (
        <section className="mx-auto mt-10 max-w-7xl px-4 sm:px-6 lg:px-8">
          <NoticeList notices={data.notices} />
        </section>
      )}

      {home.isError ? (
        <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="rounded-3xl border border-line bg-surface/60">
            <EmptyState
              testId="home-error"
              icon={<RefreshIcon />}
              title={t('home.error.title')}
              description={t('home.error.description')}
              actions={
                <button type="button" className={buttonClass('primary')} onClick={() => home.refetch()}>
                  {t('common:action.retry')}
                </button>
              }
            />
          </div>
        </section>
      ) : (
        <Shelves home={data} loading={home.isPending} />
      )}

      <VipPromotion tiers={data?.vipTiers ?? []} />
    </div>
  );
}

function Shelves({ home, loading }: { home: CatalogueHome | undefined; loading: boolean }) {
  const { t } = useTranslation('catalogue');
  if (loading || !home) {
    return (
      <Section title={t('home.latest.title')} subtitle={t('home.latest.subtitle')}>
        <CardGridSkeleton count={8} />
      </Section>
    );
  }
  if (home.latest.length === 0) {
    return (
      <Section title={t('home.latest.title')} subtitle={t('home.latest.subtitle')}>
        <EmptyShelf testId="home-latest-empty">
          <EmptyState icon={<InboxIcon />} title={t('home.latest.emptyTitle')} description={t('home.latest.emptyDescription')} />
        </EmptyShelf>
      </Section>
    );
  }
  return (
    <>
      <Section title={t('home.latest.title')} subtitle={t('home.latest.subtitle')} more="/list" testId="home-latest">
        <CourseGrid>
          {home.latest.map((item, index) => (
            <CourseCard key={item.id} item={item} eager={index < 4} />
          ))}
        </CourseGrid>
      </Section>
      {home.popular.length > 0 && (
        <Section title={t('home.popular.title')} subtitle={t('home.popular.subtitle')} more="/list?sort=popular" testId="home-popular">
          <WhenNear placeholder={<RailPlaceholder />}>
            <Rail items={home.popular} />
          </WhenNear>
        </Section>
      )}
      {home.shelves.map(({ type, items }) => (
        <Section key={type.id} title={type.name} more={`/list?type=${type.id}`} testId="home-shelf">
          <WhenNear placeholder={<RailPlaceholder />}>
            <Rail items={items} />
          </WhenNear>
        </Section>
      ))}
    </>
  );
}

function Section({ title, subtitle, more, testId, children }: { title: string; subtitle?: string; more?: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <section data-testid={testId} className="mx-auto mt-14 max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="mb-5 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">{title}</h2>
          {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        </div>
        {more && (
          <Link to={more} className="flex shrink-0 items-center gap-1 text-sm text-muted transition-colors hover:text-ink">
            {t('home.latest.all')} <ArrowRightIcon />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** The height of a rail before it is rendered (cards are a 16:9 cover plus about 7.5rem of text). */
function RailPlaceholder() {
  return <div aria-hidden className="aspect-[2/1] w-full sm:aspect-[4/1] xl:aspect-[5/1]" />;
}

/** A horizontal shelf: swipe on phones, four or five across on wide screens. */
function Rail({ items }: { items: Card[] }) {
  return (
    <div className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:gap-4 sm:px-0">
      {items.map((item) => (
        <div key={item.id} className="w-[68%] shrink-0 snap-start sm:w-[calc((100%-2rem)/3)] xl:w-[calc((100%-3rem)/4)]">
          <CourseCard item={item} />
        </div>
      ))}
    </div>
  );
}

function VipPromotion({ tiers }: { tiers: CatalogueHome['vipTiers'] }) {
  const { t } = useTranslation('catalogue');
  const currency = useCurrency();
  const cheapest = tiers.length ? tiers.reduce((low, tier) => (tier.price < low.price ? tier : low)) : null;
  return (
    <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-6 py-10 sm:px-12 sm:py-14">
        <Glow className="-top-48 -right-40 size-[32rem]" strength={1.3} />
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <p className="flex items-center gap-2 text-sm font-medium text-accent">
              <CrownIcon /> VIP
            </p>
            <h2 className="mt-3 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{t('home.vip.title')}</h2>
            <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">{t('home.vip.description')}</p>
            {cheapest && (
              <p data-testid="home-vip-from" className="mt-4 text-sm text-muted">
                {t('home.vip.from', { price: formatPrice(cheapest.price, currency), name: cheapest.name })}
              </p>
            )}
          </div>
          <Link to="/vip-pricing" data-testid="home-vip-cta" className={buttonClass('primary', 'lg', 'self-start md:self-auto')}>
            {t('home.vip.cta')} <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}

function Hero({ featured }: { featured: Card[] }) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="relative isolate overflow-hidden">
      <Glow className="-top-40 left-[-10%] h-[36rem] w-[70%]" />
      <Glow className="-top-24 right-[-15%] h-[32rem] w-[60%]" strength={0.7} />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-14 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pt-24 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface/60 px-3 py-1 text-xs font-medium text-muted">
            <span className="size-1.5 rounded-full bg-accent" /> {t('home.hero.eyebrow')}
          </p>
          <h1 data-testid="page-title" className="mt-5 text-4xl leading-[1.1] font-semibold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            {t('home.hero.titleLead')}
            <span className="block bg-gradient-to-r from-amber-500 via-orange-500 to-rose-600 bg-clip-text text-transparent dark:from-amber-300 dark:via-orange-400 dark:to-rose-500">{t('home.hero.titleAccent')}</span>
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg">{t('home.hero.description')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/list" data-testid="home-browse" className={buttonClass('primary', 'lg')}>
              {t('common:action.browse')} <ArrowRightIcon />
            </Link>
            <Link to="/vip-pricing" className={buttonClass('secondary', 'lg')}>
              <CrownIcon /> {t('home.hero.vip')}
            </Link>
          </div>
        </div>
        <FilmStrip featured={featured} />
      </div>
    </section>
  );
}

const TIMECODES = ['00:00:12', '00:01:29', '00:02:46', '00:03:03'];
const GRADIENTS = ['from-amber-400/70 to-rose-600/60', 'from-sky-400/50 to-indigo-600/60', 'from-rose-400/60 to-fuchsia-700/50', 'from-emerald-400/50 to-teal-700/60'];

/** The featured items (home `banner`) as frames of a film strip; brand gradients while they load. */
function FilmStrip({ featured }: { featured: Card[] }) {
  const { t } = useTranslation('catalogue');
  return (
    // Wide screens only: on a phone the hero text stays the first paint, and the shelves follow.
    <div className="relative hidden aspect-[5/4] lg:block" data-testid="home-featured">
      <div className="absolute inset-0 rotate-[-3deg] rounded-3xl border border-line bg-surface/70 p-4 shadow-2xl shadow-black/20 backdrop-blur">
        <div aria-hidden className="flex h-3 justify-between px-1">
          {Array.from({ length: 14 }, (_, i) => (
            <span key={i} className="h-2 w-3 rounded-sm bg-line-strong" />
          ))}
        </div>
        <ul className="mt-3 grid h-[calc(100%-2.5rem)] grid-cols-2 gap-3">
          {GRADIENTS.map((gradient, i) => {
            const item = featured[i];
            return (
              <li key={i} className={`group relative overflow-hidden rounded-xl bg-gradient-to-br ${gradient}`}>
                {item ? (
                  <Link to={detailPath(item)} className="absolute inset-0" aria-label={item.title}>
                    <img src={fullUrl(item.cover)} alt="" width={640} height={360} className="size-full object-cover transition-transform duration-500 group-hover:scale-105" />
                    <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-2.5 pt-6 pb-2 text-left text-xs font-medium text-white">
                      <span className="line-clamp-1">{item.title}</span>
                    </span>
                  </Link>
                ) : (
                  <div aria-hidden className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.35),transparent_55%)]" />
                )}
                <span aria-hidden className="absolute top-2 left-2 rounded bg-black/45 px-1.5 py-0.5 font-mono text-[10px] text-white/85">
                  {TIMECODES[i]}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div aria-hidden className="absolute -right-4 -bottom-6 rotate-[3deg] rounded-2xl border border-line bg-surface px-4 py-3 shadow-xl shadow-black/30">
        <div className="flex items-center gap-3">
          <span className="grid size-9 place-items-center rounded-full bg-accent text-accent-ink">
            <PlayIcon />
          </span>
          <div className="text-xs">
            <p className="font-medium text-ink">{t('home.featured.title')}</p>
            <p className="text-muted">{t('home.featured.subtitle')}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

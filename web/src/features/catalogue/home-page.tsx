import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ArrowRightIcon, CrownIcon, FilmIcon, InboxIcon, PlayIcon, SparklesIcon } from '../../components/icons.tsx';
import { EmptyShelf } from './components/empty-shelf.tsx';
import { Glow } from '../../components/glow.tsx';

const KINDS = [
  { key: 'drama', icon: FilmIcon, to: '/list?kind=material', tint: 'from-amber-500/20' },
  { key: 'film', icon: PlayIcon, to: '/list?kind=material', tint: 'from-rose-500/20' },
  { key: 'course', icon: SparklesIcon, to: '/list?kind=course', tint: 'from-violet-500/20' },
] as const;

/** Home (spec §2 /, kept alive): brand hero, what the shop offers, the latest shelf, VIP. */
export default function HomePage() {
  const { t } = useTranslation('catalogue');
  return (
    <div data-testid="home-page">
      <Hero />

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

      <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-end justify-between gap-4">
          <div>
            <h2 className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">{t('home.latest.title')}</h2>
            <p className="mt-1 text-sm text-muted">{t('home.latest.subtitle')}</p>
          </div>
          <Link to="/list" className="flex shrink-0 items-center gap-1 text-sm text-muted transition-colors hover:text-ink">
            {t('home.latest.all')} <ArrowRightIcon />
          </Link>
        </div>
        <EmptyShelf testId="home-latest-empty">
          <EmptyState icon={<InboxIcon />} title={t('home.latest.emptyTitle')} description={t('home.latest.emptyDescription')} />
        </EmptyShelf>
      </section>

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
            </div>
            <Link to="/vip-pricing" data-testid="home-vip-cta" className={buttonClass('primary', 'lg', 'self-start md:self-auto')}>
              {t('home.vip.cta')} <ArrowRightIcon />
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

function Hero() {
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
        <FilmStrip />
      </div>
    </section>
  );
}

const TIMECODES = ['00:00:12', '00:01:29', '00:02:46', '00:03:03'];

/** Decorative frames in the brand gradients: a hint of footage without pretending to be any. */
function FilmStrip() {
  const frames = ['from-amber-400/70 to-rose-600/60', 'from-sky-400/50 to-indigo-600/60', 'from-rose-400/60 to-fuchsia-700/50', 'from-emerald-400/50 to-teal-700/60'];
  return (
    <div aria-hidden className="relative hidden aspect-[5/4] lg:block">
      <div className="absolute inset-0 rotate-[-4deg] rounded-3xl border border-line bg-surface/70 p-4 shadow-2xl shadow-black/30 backdrop-blur">
        <div className="flex h-3 justify-between px-1">
          {Array.from({ length: 14 }, (_, i) => (
            <span key={i} className="h-2 w-3 rounded-sm bg-line-strong" />
          ))}
        </div>
        <div className="mt-3 grid h-[calc(100%-2.5rem)] grid-cols-2 gap-3">
          {frames.map((gradient, i) => (
            <div key={i} className={`relative overflow-hidden rounded-xl bg-gradient-to-br ${gradient}`}>
              <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.35),transparent_55%)]" />
              <span className="absolute bottom-2 left-2 rounded bg-black/40 px-1.5 py-0.5 font-mono text-[10px] text-white/80">
                {TIMECODES[i]}
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -right-4 -bottom-6 rotate-[3deg] rounded-2xl border border-line bg-surface px-4 py-3 shadow-xl shadow-black/30">
        <div className="flex items-center gap-3">
          <span className="grid size-9 place-items-center rounded-full bg-accent text-accent-ink">
            <PlayIcon />
          </span>
          <div className="space-y-1.5">
            <span className="block h-2 w-24 rounded bg-line-strong" />
            <span className="block h-2 w-16 rounded bg-line" />
          </div>
        </div>
      </div>
    </div>
  );
}

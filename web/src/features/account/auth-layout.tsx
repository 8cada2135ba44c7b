import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo.tsx';
import { Glow } from '../../components/glow.tsx';

export type AuthTab = 'login' | 'register';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  aside: { title: string; points: string[] };
  /** The login / registration tabs above the form. */
  tab: { value: AuthTab; onChange: (tab: AuthTab) => void };
}

/** Two tabs, login and registration, at the top of the form card. */
function AuthTabs({ value, onChange }: AuthLayoutProps['tab']) {
  const { t } = useTranslation('account');
  return (
    <div role="tablist" aria-label={t('tabs.label')} data-testid="auth-tabs" className="mb-7 flex gap-6 border-b border-line">
      {(['login', 'register'] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={value === tab}
          data-testid={`auth-tab-${tab}`}
          onClick={() => value !== tab && onChange(tab)}
          className={`-mb-px border-b-2 pb-3 text-sm font-medium transition-colors ${value === tab ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {t(`tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/** The login and registration frame: a brand panel beside the form on wide screens. */
export function AuthLayout({ title, subtitle, children, aside, tab }: AuthLayoutProps) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_26rem] lg:gap-12 lg:px-8">
      <section className="relative isolate hidden overflow-hidden rounded-3xl border border-line bg-surface p-10 lg:flex lg:flex-col lg:justify-between">
        <Glow className="-top-40 -left-40 size-[36rem]" strength={1.3} />
        <LogoMark className="size-10" />
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-ink">{aside.title}</h2>
          <ul className="mt-6 space-y-3">
            {aside.points.map((point) => (
              <li key={point} className="flex gap-3 text-sm text-muted">
                <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="rounded-3xl border border-line bg-surface/70 p-6 shadow-xl shadow-black/10 sm:p-8">
        <AuthTabs {...tab} />
        <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight text-ink">
          {title}
        </h1>
        <p className="mt-1.5 mb-7 text-sm text-muted">{subtitle}</p>
        {children}
      </section>
    </div>
  );
}

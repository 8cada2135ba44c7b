import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { LogoMark } from '../../components/logo.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Only a logged-in member has a cart and an account menu: their code stays out of a visitor's
// first load (home budget).
const CartLink = lazy(() => import('./cart-link.tsx').then((module) => ({ default: module.CartLink })));
const MemberMenu = lazy(() => import('./member-menu.tsx').then((module) => ({ default: module.MemberMenu })));

const NAV = [
  { to: '/', key: 'home', end: true },
  { to: '/list', key: 'list', end: false },
  { to: '/vip-pricing', key: 'vipPricing', end: false },
  { to: '/about', key: 'about', end: false },
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const siteName = useSiteConfig((state) => state.siteName);
  const loggedIn = useMemberStore((state) => state.isLoggedIn());

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/80 backdrop-blur-xl backdrop-saturate-150">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-2.5" data-testid="site-logo">
          <LogoMark className="size-8 shrink-0" />
          <span className="truncate text-[1.05rem] font-semibold tracking-tight text-ink">{siteName || 'Framecraft'}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="ml-6 hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              data-testid={`nav-${item.key}`}
              className={({ isActive }) =>
                `relative rounded-full px-3.5 py-2 text-sm transition-colors ${
                  isActive ? 'bg-surface-2 font-medium text-ink' : 'text-muted hover:text-ink'
                }`
              }
            >
              {t(`nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
          <LanguageSwitch />
          <ThemeToggle />
          <span aria-hidden className="mx-1 hidden h-5 w-px bg-line-strong sm:block" />
          {loggedIn && (
            <Suspense fallback={<span className="size-9" />}>
              <CartLink />
            </Suspense>
          )}
          {loggedIn ? (
            <Suspense fallback={<span className="size-9" />}>
              <MemberMenu />
            </Suspense>
          ) : (
            <>
              <Link to="/login" data-testid="header-login" className={buttonClass('ghost', 'sm', 'px-3.5')}>
                {t('account.login')}
              </Link>
              <span className="hidden sm:contents">
                <Link to="/register" data-testid="header-register" className={buttonClass('primary', 'sm', 'px-4')}>
                  {t('account.register')}
                </Link>
              </span>
            </>
          )}
        </div>
      </div>

      {/* Phones: the same links as a scrollable row under the bar. */}
      <nav aria-label={t('nav.label')} className="flex gap-1 overflow-x-auto px-3 pb-2 [scrollbar-width:none] md:hidden">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              `shrink-0 rounded-full px-3.5 py-1.5 text-sm transition-colors ${
                isActive ? 'bg-ink font-medium text-canvas' : 'bg-surface-2 text-muted hover:text-ink'
              }`
            }
          >
            {t(`nav.${item.key}`)}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}

import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { CrownIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';

export const MEMBER_CENTRE_LINKS = [
  { to: '/user/my-collections', key: 'myCollections' },
  { to: '/user/my-purchases', key: 'myPurchases' },
  { to: '/user/my-orders', key: 'myOrders' },
  { to: '/user/my-payments', key: 'myPayments' },
  { to: '/user/faq', key: 'faq' },
] as const;

/** Member centre (spec §2 /user): the member's card and menu beside the current page. */
export default function MemberCentreLayout() {
  const { t } = useTranslation('member');
  const member = useMemberStore();
  const name = member.nickname || member.username;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[15rem_1fr] lg:gap-8 lg:px-8 lg:py-10">
      <aside className="space-y-4">
        <div data-testid="member-card" className="rounded-2xl border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <Avatar src={member.avatar} name={name} className="size-12 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-medium text-ink">{name}</p>
              <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
                {member.vip_level > 0 ? (
                  <>
                    <CrownIcon className="text-amber-400" /> {member.vipLevelName || t('layout.vipLevel', { level: member.vip_level })}
                  </>
                ) : (
                  t('layout.regularMember')
                )}
              </p>
            </div>
          </div>
          <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-line pt-4 text-center">
            <div>
              <dt className="text-xs text-muted">{t('layout.balance')}</dt>
              <dd className="mt-1 font-semibold text-ink tabular-nums">{member.money}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('layout.score')}</dt>
              <dd className="mt-1 font-semibold text-ink tabular-nums">{member.score}</dd>
            </div>
          </dl>
        </div>
        <nav aria-label={t('common:route.memberCentre')} className="flex gap-1 overflow-x-auto rounded-2xl border border-line bg-surface p-1.5 [scrollbar-width:none] md:flex-col">
          {MEMBER_CENTRE_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                `shrink-0 rounded-xl px-3.5 py-2.5 text-sm transition-colors ${isActive ? 'bg-surface-2 font-medium text-ink' : 'text-muted hover:bg-surface-2/60 hover:text-ink'}`
              }
            >
              {t(`common:route.${link.key}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="min-w-0 rounded-2xl border border-line bg-surface p-5 sm:p-7">
        <Outlet />
      </section>
    </div>
  );
}

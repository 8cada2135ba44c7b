import { formatDate } from '@framecraft/contracts/date';
import { formatPrice } from '@framecraft/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CheckIcon, SparklesIcon, UserIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { toast } from '../../components/toast.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { Glow } from '../../components/glow.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { INVITES_PER_PAGE, inviteListQuery, inviteSummaryQuery } from './api/invites.ts';

/**
 * Invite (spec §2 /share; product brief "Invites"; decision 039): the member's own link and its QR
 * code, copy and share, what each friend earns the member (points, commission — as the settings
 * say now), the earnings so far, and who joined.
 */
export default function SharePage() {
  const { t } = useTranslation('share');
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const code = useMemberStore((state) => state.invate_code);
  const memberId = useMemberStore((state) => (state.isLoggedIn() ? state.id : 0));
  const link = code ? `${location.origin}/register/${encodeURIComponent(code)}` : '';

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader eyebrow={t('eyebrow')} title={t('common:route.share')} description={t('description')} />
      {!loggedIn ? (
        <div className="rounded-3xl border border-line bg-surface/60">
          <LoginPrompt title={t('visitorTitle')} description={t('visitorDescription')} />
        </div>
      ) : (
        <div className="space-y-6">
          <div className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface p-6 sm:p-8">
            <Glow className="-bottom-32 -left-24 size-96" />
            <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm text-muted">
                  <SparklesIcon className="text-accent" /> {t('yourLink')}
                </p>
                <Rewards memberId={memberId} />
                {link ? <LinkActions link={link} /> : <p className="mt-3 text-sm text-muted">{t('noCode')}</p>}
              </div>
              {link && (
                <figure data-testid="invite-qrcode" className="mx-auto shrink-0 text-center sm:mx-0">
                  <QrCode text={link} label={t('qrLabel')} />
                  <figcaption className="mt-2 text-xs text-muted">{t('qrCaption')}</figcaption>
                </figure>
              )}
            </div>
          </div>
          <Earnings memberId={memberId} />
          <Invitees memberId={memberId} />
        </div>
      )}
    </PageContainer>
  );
}

/** Copy the link; share it through the system's share sheet where the browser has one. */
function LinkActions({ link }: { link: string }) {
  const { t } = useTranslation('share');
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  }
  async function share() {
    try {
      await navigator.share({ title: t('shareTitle'), text: t('shareText'), url: link });
    } catch {
      // Closed by the member, or refused by the browser: nothing to say.
    }
  }

  return (
    <div className="mt-4 space-y-3">
      <code data-testid="invite-link" className="block truncate rounded-xl border border-line-strong bg-surface-2/60 px-4 py-3 font-mono text-sm text-ink">
        {link}
      </code>
      <div className="flex flex-wrap gap-3">
        <button type="button" data-testid="invite-copy" onClick={() => void copy()} className={buttonClass('primary', 'lg')}>
          {copied ? t('copiedShort') : t('copy')}
        </button>
        {canShare && (
          <button type="button" data-testid="invite-share" onClick={() => void share()} className={buttonClass('secondary', 'lg')}>
            {t('share')}
          </button>
        )}
      </div>
    </div>
  );
}

/** What each registration and each purchase of a friend earns: the settings, as the server answers them. */
function Rewards({ memberId }: { memberId: number }) {
  const { t } = useTranslation('share');
  const summary = useQuery(inviteSummaryQuery(memberId));
  if (!summary.data) return <Skeleton className="mt-2 h-6 w-2/3" />;
  const { reward_score: score, commission_percent: percent } = summary.data;
  return (
    <div className="mt-2 space-y-1">
      <p data-testid="invite-reward" className="text-base font-medium text-ink">
        {score > 0 ? t('reward', { count: score }) : t('noReward')}
      </p>
      <p data-testid="invite-commission-rate" className="text-sm text-muted">
        {percent !== '0' ? t('commissionRate', { percent }) : t('noCommission')}
      </p>
    </div>
  );
}

function Earnings({ memberId }: { memberId: number }) {
  const { t } = useTranslation('share');
  const currency = useSiteConfig((state) => state.currency);
  const summary = useQuery(inviteSummaryQuery(memberId));
  const data = summary.data;
  const stats = [
    { key: 'earnings', label: t('earnings'), value: data ? formatPrice(data.earnings, currency) : '' },
    { key: 'invitees', label: t('invitees'), value: data ? String(data.invitees) : '' },
    { key: 'buyers', label: t('buyers'), value: data ? String(data.buyers) : '' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {stats.map((stat) => (
        <div key={stat.key} className="rounded-2xl border border-line bg-surface/60 px-3 py-4 text-center sm:px-5">
          <dt className="text-xs text-muted sm:text-sm">{stat.label}</dt>
          <dd data-testid={`invite-${stat.key}`} className="mt-1 text-lg font-semibold text-ink tabular-nums sm:text-2xl">
            {data ? stat.value : <Skeleton className="mx-auto h-7 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The friends who joined through the link (usernames masked by the server), ten a page. */
function Invitees({ memberId }: { memberId: number }) {
  const { t } = useTranslation('share');
  const [page, setPage] = useState(1);
  const invites = useQuery(inviteListQuery(memberId, page));
  if (invites.isPending) return <Skeleton className="h-40 w-full rounded-3xl" />;
  const data = invites.data;
  if (!data || data.total === 0) {
    return (
      <div className="rounded-3xl border border-line bg-surface/60">
        <EmptyState testId="invitees-empty" icon={<UserIcon />} title={t('inviteesEmptyTitle')} description={t('inviteesEmptyDescription')} />
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / INVITES_PER_PAGE));
  return (
    <section className="rounded-3xl border border-line bg-surface/60 p-4 sm:p-6" data-testid="invitees">
      <h2 className="mb-3 text-lg font-semibold text-ink">{t('inviteesTitle', { count: data.total })}</h2>
      <ul className="divide-y divide-line">
        {data.list.map((row, index) => (
          <li key={`${row.username}-${row.join_time}-${index}`} data-testid="invitee" className="flex items-center justify-between gap-3 py-3 text-sm">
            <span className="flex min-w-0 items-center gap-2 text-ink">
              <UserIcon className="shrink-0 text-muted" />
              <span className="truncate font-mono">{row.username}</span>
              {row.bought ? (
                <span data-testid="invitee-bought" className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-500/10 px-2 py-0.5 text-xs text-emerald-700 dark:text-emerald-300">
                  <CheckIcon /> {t('bought')}
                </span>
              ) : (
                <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">{t('notBought')}</span>
              )}
            </span>
            <span className="shrink-0 text-muted tabular-nums">
              <span className="hidden sm:inline">{t('joined')} </span>
              {formatDate(row.join_time, 'yyyy-mm-dd')}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-2 text-sm">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className={buttonClass('secondary', 'sm')}>
            {t('previous')}
          </button>
          <span className="text-muted tabular-nums">
            {page} / {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className={buttonClass('secondary', 'sm')}>
            {t('next')}
          </button>
        </div>
      )}
    </section>
  );
}

import { formatDate } from '@framecraft/contracts/date';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { SparklesIcon, UserIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { Glow } from '../../components/glow.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { INVITES_PER_PAGE, inviteListQuery } from './api/invites.ts';

/** Invite (spec §2 /share; product brief "Invites"): the member's own link, and who joined through it. */
export default function SharePage() {
  const { t } = useTranslation('share');
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const code = useMemberStore((state) => state.invate_code);
  const memberId = useMemberStore((state) => (state.isLoggedIn() ? state.id : 0));
  const [copied, setCopied] = useState(false);
  const link = code ? `${location.origin}/register/${encodeURIComponent(code)}` : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  }

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
            <p className="flex items-center gap-2 text-sm text-muted">
              <SparklesIcon className="text-accent" /> {t('yourLink')}
            </p>
            <Reward memberId={memberId} />
            {link ? (
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                <code data-testid="invite-link" className="min-w-0 flex-1 truncate rounded-xl border border-line-strong bg-surface-2/60 px-4 py-3 font-mono text-sm text-ink">
                  {link}
                </code>
                <button type="button" data-testid="invite-copy" onClick={() => void copy()} className={buttonClass('primary', 'lg')}>
                  {copied ? t('copiedShort') : t('copy')}
                </button>
              </div>
            ) : (
              <p className="mt-3 text-sm text-muted">{t('noCode')}</p>
            )}
          </div>
          <Invitees memberId={memberId} />
        </div>
      )}
    </PageContainer>
  );
}

/** What each registration through the link earns: the setting, as the server answers it. */
function Reward({ memberId }: { memberId: number }) {
  const { t } = useTranslation('share');
  const invites = useQuery(inviteListQuery(memberId, 1));
  if (!invites.data) return null;
  const score = invites.data.rewardScore;
  return (
    <p data-testid="invite-reward" className="mt-2 text-base font-medium text-ink">
      {score > 0 ? t('reward', { count: score }) : t('noReward')}
    </p>
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
            </span>
            <span className="shrink-0 text-muted tabular-nums">
              {t('joined')} {formatDate(row.join_time, 'yyyy-mm-dd hh:MM')}
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

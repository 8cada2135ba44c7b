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

/** Invite (spec §2 /share; product brief "Invites"): the member's own link, and who joined through it. */
export default function SharePage() {
  const { t } = useTranslation('share');
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const code = useMemberStore((state) => state.invate_code);
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
          <div className="rounded-3xl border border-line bg-surface/60">
            <EmptyState testId="invitees-empty" icon={<UserIcon />} title={t('inviteesEmptyTitle')} description={t('inviteesEmptyDescription')} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}

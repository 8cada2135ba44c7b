import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { DocumentIcon, RefreshIcon } from '../../components/icons.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { contentQuery, type ContentName } from './api/get-content.ts';

/** Route title key (common `route.*`) of each text, also the heading when the server sends none. */
const ROUTE_TITLE: Record<ContentName, string> = {
  about: 'about',
  agreement: 'agreement',
  topupAgreement: 'topupAgreement',
  userAgreement: 'userAgreement',
  privacyPolicy: 'privacyPolicy',
};

const RELATED: ContentName[] = ['userAgreement', 'privacyPolicy', 'agreement', 'topupAgreement'];
const PATHS: Record<ContentName, string> = {
  about: '/about',
  agreement: '/agreement',
  topupAgreement: '/topup-agreement',
  userAgreement: '/user-agreement',
  privacyPolicy: '/privacy-policy',
};

/** About and the agreements: a reading page for an admin-edited text. */
export function ContentPage({ name }: { name: ContentName }) {
  const { t } = useTranslation('content');
  const query = useQuery(contentQuery(name));
  const fallbackTitle = t(`common:route.${ROUTE_TITLE[name]}`);
  const isAgreement = name !== 'about';

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_15rem] lg:px-8 lg:py-14">
      <article className="min-w-0" data-testid="content-page" data-name={name}>
        <header className="mb-8 border-b border-line pb-6">
          <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">{isAgreement ? t('eyebrow.agreement') : t('eyebrow.about')}</p>
          {query.isPending ? (
            <Skeleton className="h-9 w-2/3" />
          ) : (
            <h1 data-testid="page-title" className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
              {query.data?.title || fallbackTitle}
            </h1>
          )}
        </header>

        {query.isPending && (
          <div className="space-y-3" aria-busy>
            {['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-3/4', 'w-5/6'].map((width, index) => (
              <Skeleton key={index} className={`h-4 ${width}`} />
            ))}
          </div>
        )}

        {query.isError && (
          <EmptyState
            testId="content-error"
            icon={<RefreshIcon />}
            title={t('common:state.loadFailed')}
            description={t('common:state.loadFailedHint')}
            actions={
              <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
                {t('common:action.retry')}
              </button>
            }
          />
        )}

        {query.isSuccess &&
          (query.data.content.trim() ? (
            <RichText testId="content-body" html={query.data.content} className="max-w-3xl" />
          ) : (
            <EmptyState testId="content-empty" icon={<DocumentIcon />} title={t('empty.title')} description={t('empty.description')} />
          ))}
      </article>

      <aside className="lg:pt-2">
        <nav aria-label={t('related')} className="rounded-2xl border border-line bg-surface p-2 lg:sticky lg:top-24">
          <p className="px-3 pt-2 pb-1 text-xs font-medium text-faint">{t('related')}</p>
          {[...RELATED, 'about' as const].map((other) => (
            <Link
              key={other}
              to={PATHS[other]}
              aria-current={other === name ? 'page' : undefined}
              className="block rounded-lg px-3 py-2 text-sm text-muted transition-colors hover:bg-surface-2 hover:text-ink aria-[current=page]:bg-surface-2 aria-[current=page]:font-medium aria-[current=page]:text-ink"
            >
              {t(`common:route.${ROUTE_TITLE[other]}`)}
            </Link>
          ))}
        </nav>
      </aside>
    </div>
  );
}

import type { CatalogueHome } from '@framecraft/contracts/catalogue';
import { formatDate } from '@framecraft/contracts/date';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SparklesIcon } from '../../../components/icons.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { noticeQuery } from '../api/catalogue.ts';

// The sanitiser is only needed once somebody opens a notice.
const RichText = lazy(() => import('../../../components/rich-text.tsx').then((module) => ({ default: module.RichText })));

/** The shop's notices, newest first; one opens in place with its full text. */
export function NoticeList({ notices }: { notices: CatalogueHome['notices'] }) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div data-testid="home-notices" className="rounded-2xl border border-line bg-surface/70">
      <p className="flex items-center gap-2 border-b border-line px-4 py-3 text-sm font-semibold text-ink sm:px-5">
        <SparklesIcon className="text-accent" /> {t('home.notices.title')}
      </p>
      <ul className="divide-y divide-line">
        {notices.map((notice) => {
          const expanded = open === notice.id;
          return (
            <li key={notice.id}>
              <button
                type="button"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : notice.id)}
                className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm transition-colors hover:bg-surface-2/60 sm:px-5"
              >
                <span className="min-w-0 flex-1 truncate text-ink">{notice.title}</span>
                <time className="shrink-0 text-xs text-faint tabular-nums">{formatDate(notice.publishTime, 'yyyy-mm-dd')}</time>
                <ChevronDownIcon className={`shrink-0 text-muted transition-transform ${expanded ? 'rotate-180' : ''}`} />
              </button>
              {expanded && <NoticeBody id={notice.id} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function NoticeBody({ id }: { id: number }) {
  const notice = useQuery(noticeQuery(id));
  const placeholder = (
    <div className="space-y-2">
      <Skeleton className="h-3 w-11/12" />
      <Skeleton className="h-3 w-3/4" />
    </div>
  );
  return (
    <div data-testid="notice-body" className="px-4 pb-4 text-sm text-muted sm:px-5">
      {notice.data ? (
        <Suspense fallback={placeholder}>
          <RichText html={notice.data.content} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

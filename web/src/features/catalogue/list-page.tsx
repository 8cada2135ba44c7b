import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { InboxIcon, SearchIcon } from '../../components/icons.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { EmptyShelf } from './components/empty-shelf.tsx';

const KINDS = ['all', 'material', 'course'] as const;
const PRICES = ['all', 'free', 'paid', 'vipFree'] as const;
const SORTS = ['newest', 'popular', 'price'] as const;

type Kind = (typeof KINDS)[number];

/**
 * Material list (spec §2 /list, kept alive). Filters live in the query string so a link shares
 * them; the search box keeps what was typed while the user looks at an item and comes back.
 */
export default function ListPage() {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const kind = (KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as Kind) : 'all';
  const price = params.get('price') ?? 'all';
  const sort = params.get('sort') ?? 'newest';
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');

  const setFilter = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter('keyword', keyword.trim(), '');
  };

  const chip = (active: boolean) =>
    `shrink-0 rounded-full px-3.5 py-1.5 text-sm transition-colors ${active ? 'bg-ink font-medium text-canvas' : 'text-muted hover:bg-surface-2 hover:text-ink'}`;

  return (
    <PageContainer>
      <PageHeader eyebrow={t('list.eyebrow')} title={t('common:route.list')} description={t('list.description')} />

      <div className="mb-8 rounded-2xl border border-line bg-canvas/85 p-3 backdrop-blur-xl md:sticky md:top-20 md:z-30">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <form role="search" onSubmit={submit} className="relative lg:w-80">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
            <input
              type="search"
              name="keyword"
              data-testid="list-keyword"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('list.searchPlaceholder')}
              className="h-10 w-full rounded-full border border-line-strong bg-surface-2/60 pr-4 pl-10 text-sm text-ink placeholder:text-faint outline-none focus:border-accent focus:ring-4 focus:ring-glow"
            />
          </form>
          <div className="flex items-center gap-1 overflow-x-auto [scrollbar-width:none]" role="group" aria-label={t('list.kindLabel')}>
            {KINDS.map((value) => (
              <button key={value} type="button" data-testid={`list-kind-${value}`} aria-pressed={kind === value} className={chip(kind === value)} onClick={() => setFilter('kind', value, 'all')}>
                {t(`list.kinds.${value}`)}
              </button>
            ))}
            <span aria-hidden className="mx-1.5 h-4 w-px shrink-0 bg-line-strong" />
            {PRICES.map((value) => (
              <button key={value} type="button" aria-pressed={price === value} className={chip(price === value)} onClick={() => setFilter('price', value, 'all')}>
                {t(`list.prices.${value}`)}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm text-muted lg:ml-auto">
            {t('list.sortLabel')}
            <select
              value={sort}
              onChange={(event) => setFilter('sort', event.target.value, 'newest')}
              className="h-9 rounded-full border border-line-strong bg-surface px-3 text-sm text-ink outline-none focus:border-accent"
            >
              {SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`list.sorts.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <EmptyShelf count={8} testId="list-empty">
        <EmptyState
          icon={<InboxIcon />}
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
          actions={
            params.size > 0 && (
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => {
                  setKeyword('');
                  setParams({}, { replace: true, preventScrollReset: true });
                }}
              >
                {t('list.clearFilters')}
              </button>
            )
          }
        />
      </EmptyShelf>
    </PageContainer>
  );
}

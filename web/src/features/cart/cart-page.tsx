import type { CartLine } from '@framecraft/contracts/commerce-constants';
import { formatMoney } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CartIcon, ShieldIcon } from '../../components/icons.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cartQuery, createOrder, payPath, removeFromCart } from '../../lib/commerce.ts';
import { fullUrl } from '../../utils/full-url.ts';

const CHECKBOX = 'size-4.5 shrink-0 cursor-pointer rounded accent-[var(--fc-accent)] disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The member's cart (stored on the server, so it survives logout/login): each line at today's
 * price for this member, lines that cannot be bought any more say why; the selected lines become
 * one order and go to checkout.
 */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(cartQuery);
  const lines = useMemo(() => query.data?.list ?? [], [query.data]);
  const buyable = useMemo(() => lines.filter((line) => line.unavailable === null), [lines]);
  // Every buyable line starts selected (the set holds the lines the member unticked).
  const [unselected, setUnselected] = useState<Set<number>>(new Set());
  const selected = buyable.filter((line) => !unselected.has(line.id));
  const total = selected.reduce((sum, line) => sum + line.price, 0);
  const [busy, setBusy] = useState(false);

  const toggle = (id: number) =>
    setUnselected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = buyable.length > 0 && selected.length === buyable.length;
  const toggleAll = () => setUnselected(allSelected ? new Set(buyable.map((line) => line.id)) : new Set());

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const remove = (ids: number[]) => run(async () => void (await removeFromCart(queryClient, ids)));
  const checkout = () =>
    run(async () => {
      const order = await createOrder(queryClient, selected.map((line) => line.item_id));
      navigate(payPath(order.order_no));
    });

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title={t('common:route.cart')} description={t('description')} />
      {query.isPending ? (
        <div className="space-y-3" aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : lines.length === 0 ? (
        <div className="rounded-3xl border border-line bg-surface/60">
          <EmptyState
            testId="cart-empty"
            icon={<CartIcon />}
            title={query.isError ? t('loadFailed') : t('emptyTitle')}
            description={query.isError ? undefined : t('emptyDescription')}
            actions={
              <Link to="/list" className={buttonClass('primary')}>
                {t('common:action.browse')}
              </Link>
            }
          />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
          <section aria-label={t('lines')} className="overflow-hidden rounded-2xl border border-line bg-surface">
            <div className="flex items-center gap-3 border-b border-line px-4 py-3 text-sm text-muted">
              <input type="checkbox" data-testid="cart-select-all" className={CHECKBOX} checked={allSelected} disabled={buyable.length === 0} onChange={toggleAll} aria-label={t('selectAll')} />
              <span>{t('selectAll')}</span>
              <span className="ml-auto tabular-nums">{t('lineCount', { count: lines.length })}</span>
            </div>
            <ul className="divide-y divide-line" data-testid="cart-lines">
              {lines.map((line) => (
                <CartRow key={line.id} line={line} checked={line.unavailable === null && !unselected.has(line.id)} onToggle={() => toggle(line.id)} onRemove={() => void remove([line.id])} busy={busy} />
              ))}
            </ul>
          </section>

          <aside className="sticky bottom-0 z-10 -mx-4 border-t border-line bg-canvas/90 px-4 py-4 backdrop-blur-xl sm:mx-0 lg:top-24 lg:rounded-2xl lg:border lg:bg-surface lg:p-5" data-testid="cart-summary">
            <h2 className="hidden text-base font-semibold text-ink lg:block">{t('summary')}</h2>
            <dl className="flex items-baseline justify-between gap-4 lg:mt-4">
              <dt className="text-sm text-muted">{t('selected', { count: selected.length })}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums" data-testid="cart-total">
                <span className="text-base">¥</span>
                {formatMoney(total)}
              </dd>
            </dl>
            <div className="mt-4 flex gap-2.5 lg:flex-col">
              <button type="button" data-testid="cart-checkout" disabled={busy || selected.length === 0} onClick={() => void checkout()} className={buttonClass('primary', 'lg', 'flex-1 justify-center lg:w-full lg:flex-none')}>
                {t('checkout')}
              </button>
              <button type="button" data-testid="cart-remove-selected" disabled={busy || selected.length === 0} onClick={() => void remove(selected.map((line) => line.id))} className={buttonClass('secondary', 'lg', 'justify-center lg:w-full')}>
                {t('removeSelected')}
              </button>
            </div>
            <p className="mt-4 hidden items-start gap-2 text-xs leading-relaxed text-faint lg:flex">
              <ShieldIcon className="mt-0.5 shrink-0" /> {t('priceNote')}
            </p>
          </aside>
        </div>
      )}
    </PageContainer>
  );
}

function CartRow({ line, checked, onToggle, onRemove, busy }: { line: CartLine; checked: boolean; onToggle: () => void; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation('cart');
  const blocked = line.unavailable !== null;
  return (
    <li data-testid="cart-line" data-item={line.item_id} className="flex items-center gap-3 px-4 py-4 sm:gap-4">
      <input type="checkbox" data-testid="cart-line-select" className={CHECKBOX} checked={checked} disabled={blocked} onChange={onToggle} aria-label={t('select', { title: line.item.title })} />
      <Link to={`/course/${line.item_id}`} className="shrink-0 overflow-hidden rounded-lg border border-line bg-surface-2">
        <img src={fullUrl(line.item.cover)} alt="" loading="lazy" className={`aspect-video w-24 object-cover sm:w-32 ${blocked ? 'opacity-50 grayscale' : ''}`} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/course/${line.item_id}`} className="line-clamp-2 text-sm font-medium text-ink hover:underline sm:text-base">
          {line.item.title}
        </Link>
        <p className="mt-1 text-xs text-muted">{t(`commerce:kind.${line.item.kind}`)}</p>
        {blocked ? (
          <p data-testid="cart-line-unavailable" className="mt-1.5 text-xs font-medium text-amber-600 dark:text-amber-400">
            {t(`commerce:unavailable.${line.unavailable}`)}
          </p>
        ) : (
          line.reason !== 'list' && <p className="mt-1.5 text-xs text-emerald-600 dark:text-emerald-400">{t(`commerce:reason.${line.reason}`)}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        {!blocked && (
          <span className="text-right tabular-nums">
            <span className="block font-semibold text-ink">¥{formatMoney(line.price)}</span>
            {line.list_price > line.price && <s className="text-xs text-faint">¥{formatMoney(line.list_price)}</s>}
          </span>
        )}
        <button type="button" data-testid="cart-line-remove" disabled={busy} onClick={onRemove} className="text-xs text-muted underline-offset-2 hover:text-rose-500 hover:underline">
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

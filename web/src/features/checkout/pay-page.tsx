import type { Order, PayAction, PayMethodCode } from '@framecraft/contracts/commerce-constants';
import { formatDate } from '@framecraft/contracts/date';
import { currencyOf, formatPrice } from '@framecraft/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CheckIcon, ClockIcon, DocumentIcon, ShieldIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { commerceKeys, createOrder, payPath, refreshMember } from '../../lib/commerce.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import { useMemberStore } from '../../stores/member.ts';
import { fullUrl } from '../../utils/full-url.ts';
import { orderQuery, payMethodsQuery, queryPayment, submitPayment } from './api/checkout.ts';
import { QrCode } from '../../components/qr-code.tsx';
import { CouponPicker } from './coupon-picker.tsx';
import { WechatQrPanel } from './wechat-qr.tsx';

/**
 * Checkout (spec §2 /pay?order=…): the order's lines and prices, the payment method, the
 * agreement, a countdown to expiry; then whatever the method asks of the browser. The page polls
 * the order while it is unpaid, so a payment finished elsewhere (sandbox page, phone, provider)
 * turns it into the result view without a reload.
 */
export default function PayPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const orderNo = params.get('order') ?? '';
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('common:route.pay')} description={t('pay.description')} />
      {!orderNo ? (
        <NoOrder />
      ) : !loggedIn ? (
        <div className="rounded-3xl border border-line bg-surface/60">
          <LoginPrompt title={t('pay.visitorTitle')} description={t('pay.visitorDescription')} />
        </div>
      ) : (
        <Checkout key={orderNo} orderNo={orderNo} />
      )}
      <p className="mt-6 flex items-center justify-center gap-2 text-xs text-faint">
        <ShieldIcon /> {t('pay.secure')}{' '}
        <Link to="/agreement" className="underline underline-offset-2 hover:text-muted">
          {t('common:route.agreement')}
        </Link>
      </p>
    </PageContainer>
  );
}

function NoOrder({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="rounded-3xl border border-line bg-surface/60">
      <EmptyState
        testId="pay-no-order"
        icon={<DocumentIcon />}
        title={title ?? t('pay.noOrderTitle')}
        description={description ?? t('pay.noOrderDescription')}
        actions={
          <>
            <Link to="/user/my-orders" className={buttonClass('primary')}>
              {t('common:route.myOrders')}
            </Link>
            <Link to="/list" className={buttonClass('secondary')}>
              {t('common:action.browse')}
            </Link>
          </>
        }
      />
    </div>
  );
}

function Checkout({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('checkout');
  const query = useQuery(orderQuery(orderNo));
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    );
  }
  if (!query.data) return <NoOrder title={t('pay.notFoundTitle')} description={query.error?.message} />;
  const order = query.data;
  return (
    <div className="space-y-5">
      {order.state === 'unpaid' ? (
        <>
          <OrderSummary order={order} />
          <CouponPicker order={order} />
          <PayForm order={order} receivedAt={query.dataUpdatedAt} />
        </>
      ) : (
        <>
          <Result order={order} />
          <OrderSummary order={order} />
        </>
      )}
    </div>
  );
}

/** Cents with the order's currency symbol (the shop currency when it was ordered). */
const priceOf = (order: Pick<Order, 'currency'>) => (cents: number) => formatPrice(cents, currencyOf(order.currency));

/** Lines, the price charged for each and why, the total and what the member saves. */
function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const price = priceOf(order);
  const listTotal = order.lines.reduce((sum, line) => sum + line.list_price, 0);
  // What the lines' prices save; the coupon's discount has its own row.
  const saved = listTotal - order.amount - order.discount;
  return (
    <section data-testid="pay-summary" className="overflow-hidden rounded-2xl border border-line bg-surface">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line px-5 py-4">
        <h2 className="text-base font-semibold text-ink">{t('pay.summary')}</h2>
        <p className="text-xs text-muted">
          {t('pay.orderNo')} <span data-testid="pay-order-no" className="font-mono text-ink">{order.order_no}</span>
        </p>
      </header>
      <ul className="divide-y divide-line">
        {order.lines.map((line) => (
          <li key={line.id} data-testid="pay-line" className="flex items-center gap-3 px-5 py-3.5">
            {line.cover ? <img src={fullUrl(line.cover)} alt="" className="aspect-video w-20 shrink-0 rounded-md border border-line object-cover" /> : null}
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-ink">{line.title}</p>
              {line.reason !== 'list' && <p className="mt-0.5 text-xs text-emerald-600 dark:text-emerald-400">{t(`commerce:reason.${line.reason}`)}</p>}
            </div>
            <p className="shrink-0 text-right text-sm tabular-nums">
              <span className="block font-semibold text-ink">{price(line.price)}</span>
              {line.list_price > line.price && <s className="text-xs text-faint">{price(line.list_price)}</s>}
            </p>
          </li>
        ))}
      </ul>
      <dl className="space-y-1.5 border-t border-line bg-surface-2/50 px-5 py-4 text-sm">
        {saved > 0 && (
          <div className="flex justify-between text-emerald-600 dark:text-emerald-400">
            <dt>{t('pay.saved')}</dt>
            <dd className="tabular-nums">-{price(saved)}</dd>
          </div>
        )}
        {order.discount > 0 && (
          <div data-testid="pay-discount" className="flex justify-between text-emerald-600 dark:text-emerald-400">
            <dt>{t('coupons:checkout.discount')}</dt>
            <dd className="tabular-nums">-{price(order.discount)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between">
          <dt className="text-muted">{t('pay.total')}</dt>
          <dd data-testid="pay-amount" className="text-xl font-semibold text-ink tabular-nums">
            {price(order.amount)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function PayForm({ order, receivedAt }: { order: Order; receivedAt: number }) {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const offered = useQuery(payMethodsQuery);
  // A top-up is never paid from the balance it fills (the server refuses it too).
  const methods = { isPending: offered.isPending, data: offered.data && order.kind === 'topup' ? { ...offered.data, list: offered.data.list.filter((m) => m.code !== 'balance') } : offered.data };
  const balance = methods.data?.balance ?? 0;
  const [method, setMethod] = useState<PayMethodCode | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [action, setAction] = useState<PayAction | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: commerceKeys.order(order.order_no) });
  const left = useCountdown(order.expires_in, receivedAt, refresh);
  // Preselected: the first method that can pay the whole amount (balance only when it suffices).
  const usable = methods.data?.list.find((item) => item.code !== 'balance' || balance >= order.amount);
  const chosen = method ?? usable?.code ?? methods.data?.list[0]?.code ?? null;
  const returned = params.get('result');
  const checking = useProviderCheck(order.order_no, returned === 'returned');

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const answer = await submitPayment(order.order_no, chosen);
      const next = answer.action;
      if (next.type === 'redirect') window.location.assign(next.url);
      else if (next.type === 'sandbox') {
        if (next.url.startsWith('/')) navigate(next.url);
        else window.location.assign(next.url);
      } else {
        setAction(next);
        refresh();
        void queryClient.invalidateQueries({ queryKey: commerceKeys.purchases });
      }
    } catch {
      // The request layer has shown the server's message (e.g. not enough balance).
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="pay-form" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">{t('pay.method')}</h2>
        <p data-testid="pay-countdown" className="inline-flex items-center gap-1.5 rounded-full bg-amber-500/10 px-3 py-1 text-xs font-medium text-amber-700 tabular-nums dark:text-amber-300">
          <ClockIcon /> {t('commerce:countdown', { time: formatCountdown(left) })}
        </p>
      </div>
      {returned === 'returned' && (
        <p data-testid="pay-checking" role="status" className="mt-4 rounded-xl border border-sky-500/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-700 dark:text-sky-300">
          {checking ? t('pay.checking') : t('pay.returned.returned')}
        </p>
      )}
      {(returned === 'failed' || returned === 'cancelled') && (
        <p data-testid="pay-returned" role="status" className="mt-4 rounded-xl border border-rose-500/30 bg-rose-500/10 px-4 py-3 text-sm text-rose-700 dark:text-rose-300">
          {t(`pay.returned.${returned}`)}
        </p>
      )}

      {action?.type === 'qrcode' && chosen === 'wechat' ? (
        <WechatQrPanel codeUrl={action.code_url} amount={order.amount} onBack={() => setAction(null)} />
      ) : action?.type === 'qrcode' ? (
        <div data-testid="pay-qrcode" className="mt-5 flex flex-col items-center gap-3 text-center">
          <QrCode text={action.code_url} label={t('pay.scan')} />
          <p className="text-sm text-muted">{t('pay.scan')}</p>
          <p className="text-xs text-faint">{t('pay.waiting')}</p>
        </div>
      ) : action?.type === 'client_secret' ? (
        <p className="mt-5 rounded-xl bg-surface-2 px-4 py-3 text-sm text-muted">{t('pay.unsupported')}</p>
      ) : (
        <>
          <div role="radiogroup" aria-label={t('pay.method')} className="mt-4 grid gap-2.5 sm:grid-cols-2">
            {methods.isPending && <Skeleton className="h-16 rounded-xl" />}
            {methods.data?.list.length === 0 && <p className="text-sm text-muted">{t('pay.noMethods')}</p>}
            {methods.data?.list.map((item) => {
              const active = item.code === chosen;
              const short = item.code === 'balance' && balance < order.amount;
              return (
                <button
                  key={item.code}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  data-testid={`pay-method-${item.code}`}
                  onClick={() => setMethod(item.code)}
                  className={`flex flex-col items-start rounded-xl border px-4 py-3 text-left transition-colors ${active ? 'border-accent bg-accent/10 ring-1 ring-accent' : 'border-line-strong hover:bg-surface-2'}`}
                >
                  <span className="text-sm font-medium text-ink">{item.name || t(`commerce:method.${item.code}`)}</span>
                  {item.code === 'balance' && (
                    <span className={`mt-0.5 text-xs tabular-nums ${short ? 'text-rose-500' : 'text-muted'}`}>
                      {t('pay.balance', { amount: formatPrice(balance, currencyOf(methods.data?.currency ?? order.currency)) })}
                      {short ? ` · ${t('pay.balanceShort')}` : ''}
                    </span>
                  )}
                  {item.code === 'sandbox' && <span className="mt-0.5 text-xs text-amber-600 dark:text-amber-400">{t('pay.sandboxHint')}</span>}
                  {item.code === 'alipay' && <span className="mt-0.5 text-xs text-muted">{t('pay.alipayHint')}</span>}
                </button>
              );
            })}
          </div>
          <label className="mt-5 flex items-start gap-2.5 text-sm text-muted">
            <input type="checkbox" data-testid="pay-agree" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} className="mt-0.5 size-4 accent-[var(--fc-accent)]" />
            <span>
              {t('pay.agree')}{' '}
              <Link to="/agreement" target="_blank" className="text-ink underline underline-offset-2">
                {t('common:route.agreement')}
              </Link>
            </span>
          </label>
          <button
            type="button"
            data-testid="pay-submit"
            disabled={busy || !agreed || !chosen || left === 0}
            onClick={() => void submit()}
            className={buttonClass('primary', 'lg', 'mt-5 w-full justify-center')}
          >
            {t('pay.submit', { amount: priceOf(order)(order.amount) })}
          </button>
          {!agreed && <p className="mt-2 text-center text-xs text-faint">{t('pay.agreeFirst')}</p>}
        </>
      )}
    </section>
  );
}

/** Checks after returning from the provider: at once, then twice more while the provider may still be confirming. */
const CHECK_DELAYS_MS = [0, 6_000, 15_000];

/**
 * Back from the provider's page with the order still unpaid: ask the server to check with the
 * provider (a notification may be late or lost); the order query then shows the result.
 */
function useProviderCheck(orderNo: string, returned: boolean): boolean {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(returned);
  useEffect(() => {
    if (!returned) return;
    let stopped = false;
    const timers = CHECK_DELAYS_MS.map((delay, index) =>
      window.setTimeout(() => {
        void queryPayment(orderNo)
          .then((answer) => {
            if (!stopped && answer.state !== 'unpaid') void queryClient.invalidateQueries({ queryKey: commerceKeys.order(orderNo) });
          })
          .catch(() => undefined)
          .finally(() => {
            if (!stopped && index === CHECK_DELAYS_MS.length - 1) setChecking(false);
          });
      }, delay),
    );
    return () => {
      stopped = true;
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [orderNo, returned, queryClient]);
  return checking;
}

/** Paid → to the purchase; closed → order again; refunded → what happened. */
function Result({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const items = order.lines.map((line) => line.item_id).filter((id): id is number => id !== null);
  const paid = order.state === 'paid';
  // A payment takes its lines out of the cart and adds purchases: refresh what shows them.
  useEffect(() => {
    if (!paid) return;
    for (const key of [commerceKeys.cart, commerceKeys.purchases, commerceKeys.orders, commerceKeys.payLog]) void queryClient.invalidateQueries({ queryKey: key });
    // A top-up changes the balance, a VIP order the level (and a purchase the loyalty rate): the header and member centre follow.
    void refreshMember(queryClient);
  }, [paid, queryClient]);

  const again = async () => {
    setBusy(true);
    try {
      navigate(payPath((await createOrder(queryClient, items)).order_no));
    } catch {
      // The request layer has shown why (e.g. the item is now owned or off sale).
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="pay-result" data-state={order.state} className="rounded-2xl border border-line bg-surface p-6 text-center sm:p-8">
      <div
        className={`mx-auto grid size-14 place-items-center rounded-full text-2xl ${paid ? 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400' : 'bg-surface-2 text-muted'}`}
      >
        {paid ? <CheckIcon /> : <ClockIcon />}
      </div>
      <h2 className="mt-4 text-xl font-semibold text-ink">{t(`pay.result.${order.state}.title`)}</h2>
      <p className="mt-2 text-sm text-muted">
        {t(`pay.result.${order.state}.description`, {
          amount: priceOf(order)(order.amount),
          method: order.pay_method ? t(`commerce:method.${order.pay_method}`) : '',
          time: formatDate(order.pay_time ?? order.close_time ?? order.create_time),
        })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {paid && order.kind === 'course' && (
          <Link to="/user/my-purchases" data-testid="pay-to-purchases" className={buttonClass('primary')}>
            {t('pay.toPurchases')}
          </Link>
        )}
        {paid && order.kind === 'topup' && (
          <Link to="/user/balance" data-testid="pay-to-balance" className={buttonClass('primary')}>
            {t('memberMoney.toBalance')}
          </Link>
        )}
        {paid && order.kind === 'vip' && (
          <Link to="/list?price=vipFree" data-testid="pay-to-vip-items" className={buttonClass('primary')}>
            {t('memberMoney.toVipItems')}
          </Link>
        )}
        {order.state === 'closed' && order.kind === 'course' && items.length > 0 && (
          <button type="button" data-testid="pay-again" disabled={busy} onClick={() => void again()} className={buttonClass('primary')}>
            {t('pay.tryAgain')}
          </button>
        )}
        <Link to="/user/my-orders" className={buttonClass('secondary')}>
          {t('common:route.myOrders')}
        </Link>
      </div>
    </section>
  );
}

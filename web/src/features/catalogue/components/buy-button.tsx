import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { addToCart, createOrder, payPath } from '../../../lib/commerce.ts';
import { useMemberStore } from '../../../stores/member.ts';

/**
 * Buy now (an order for this one item, then checkout) or add to the server-kept cart. A visitor
 * is sent to log in first and comes back to the item.
 */
function useCommerceAction(item: Pick<CourseDetail, 'id'>) {
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (what: 'buy' | 'cart') => {
    if (!loggedIn) {
      navigate(`/login?redirect=${encodeURIComponent(pathname)}`);
      return;
    }
    setBusy(true);
    try {
      if (what === 'buy') navigate(payPath((await createOrder(queryClient, [item.id])).order_no));
      else await addToCart(queryClient, item.id);
    } catch {
      // The request layer has shown the server's message (owned, off sale…).
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The buy button of an item, used by the purchase box and the phone buy bar. */
export function BuyButton({ item, testId, size = 'lg', className = '' }: { item: Pick<CourseDetail, 'id'>; testId: string; size?: 'md' | 'lg'; className?: string }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const { busy, run } = useCommerceAction(item);
  return (
    <button type="button" data-testid={testId} disabled={busy} onClick={() => void run('buy')} className={buttonClass('primary', size, `justify-center ${className}`)}>
      {t('course.buy')}
    </button>
  );
}

/** Add to cart, beside the buy button of the purchase box. */
export function AddToCartButton({ item, testId, className = '' }: { item: Pick<CourseDetail, 'id'>; testId: string; className?: string }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const { busy, run } = useCommerceAction(item);
  return (
    <button type="button" data-testid={testId} disabled={busy} onClick={() => void run('cart')} className={buttonClass('secondary', 'lg', `justify-center px-4 ${className}`)}>
      {t('course.addToCart')}
    </button>
  );
}

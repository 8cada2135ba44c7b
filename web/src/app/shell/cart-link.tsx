import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ICON_BUTTON } from '../../components/button.ts';
import { CartIcon } from '../../components/icons.tsx';
import { cartCountQuery } from '../../lib/commerce.ts';

/** The cart in the header, with the number of lines the member's (server-side) cart holds. */
export function CartLink() {
  const { t } = useTranslation();
  const count = useQuery(cartCountQuery).data ?? 0;
  return (
    <Link to="/cart" data-testid="header-cart" aria-label={t('cart.label', { count })} className={`${ICON_BUTTON} relative`}>
      <CartIcon />
      {count > 0 && (
        <span data-testid="header-cart-count" className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-accent px-1 text-[0.65rem] leading-none font-semibold text-accent-ink tabular-nums">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

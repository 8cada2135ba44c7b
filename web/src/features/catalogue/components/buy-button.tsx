import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';

/** Where "buy" takes a member: the one place to change when the target moves (cart, checkout). */
export const buyTarget = (item: Pick<CourseDetail, 'id'>) => `/pay?kind=course&id=${item.id}`;

/** The buy button of an item, used by the purchase box and the phone buy bar. */
export function BuyButton({ item, testId, size = 'lg', className = '' }: { item: Pick<CourseDetail, 'id'>; testId: string; size?: 'md' | 'lg'; className?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Link to={buyTarget(item)} data-testid={testId} className={buttonClass('primary', size, `justify-center ${className}`)}>
      {t('course.buy')}
    </Link>
  );
}

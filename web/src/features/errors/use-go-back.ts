import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { canGoBackInApp } from '../../utils/tab-history.ts';

export { canGoBackInApp as hasPreviousPage };

/** Back one page, or home when the visit started here. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBackInApp()) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [navigate]);
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** True when this app has an earlier history entry to go back to (React Router numbers them). */
export function hasPreviousPage(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/** Back one page, or home when the visit started here. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasPreviousPage()) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [navigate]);
}

import { QueryClient } from '@tanstack/react-query';

/**
 * The request layer already shows every failure to the user, so queries do not retry (a retry
 * would toast twice) and do not refetch on focus (a shop page changes rarely).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});

import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, SESSION_EXPIRED_STATUS } from './api.ts';
import { notify } from './toasts.ts';

/** Client errors (4xx) will not change on a retry; the network and the server may. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false: the screen shows the failure itself, so no toast. */
      errorToast?: boolean;
    };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A 460 is already taking the user to /login; anything else is worth telling.
      if (error instanceof ApiError && error.status === SESSION_EXPIRED_STATUS) return;
      if (query.meta?.errorToast === false) return;
      notify.danger(error.message);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { dbError } from './db.js';
import { apiJson, type ApiError } from './fetch.js';

// SWR calls the fetcher with the key only and passes no AbortSignal: nothing else goes to apiJson.
const getJson = <T>(path: string) => apiJson<T>(path);

/** GET a console path (`api/...`) as JSON; a null path fetches nothing. */
export function useApi<T>(path: string | null, config?: SWRConfiguration): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(path, getJson<T>, config);
}

/** What a postgrest-js query resolves to (the fields useDbQuery reads). */
export interface DbResult<T> {
  data: T | null;
  error: { message: string } | null;
  count?: number | null;
  status?: number;
}

export interface DbQuery<T> {
  data?: T;
  count?: number;
  error?: ApiError;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * A postgrest-js query under an SWR key (name the key after the query: 'agents?page=2'); a null
 * key runs nothing. A failed query becomes an ApiError with the server's message.
 */
export function useDbQuery<T>(
  key: string | null,
  run: () => PromiseLike<DbResult<T>>,
  config?: SWRConfiguration,
): DbQuery<T> {
  const { data, error, isLoading, mutate } = useSWR<{ rows: T | null; count?: number }, ApiError>(
    key,
    async () => {
      const result = await run();
      if (result.error) throw dbError(result.error, result.status);
      return { rows: result.data, count: result.count ?? undefined };
    },
    config,
  );
  return {
    data: data?.rows ?? undefined,
    count: data?.count,
    error,
    isLoading,
    mutate,
  };
}

import { PostgrestClient } from '@supabase/postgrest-js';
import { ApiError, apiUrl, consoleFetch, errorMessage } from './fetch.js';

/**
 * The PostgREST-compatible `/api/db` (docs/api.md). Pages build queries with it, never query
 * strings by hand; counts with `select('*', { count: 'exact' })`. Retries are off: SWR retries
 * reads, and postgrest-js would otherwise repeat a failed call (a 401 included) three times.
 */
export const db = new PostgrestClient(apiUrl('api/db'), { fetch: consoleFetch, retry: false });

// Resolved per query, so a `<base href>` set after this module loads (as tests do) still counts.
Object.defineProperty(db, 'url', { get: () => apiUrl('api/db') });

/** A postgrest-js error (`{ message, code, details, hint }`) as an ApiError. */
export function dbError(error: { message: string }, status?: number): ApiError {
  return new ApiError(errorMessage(error), { status: status || undefined, body: error });
}

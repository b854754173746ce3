export { ApiError, apiFetch, apiJson, apiUrl, consoleFetch, errorMessage } from './fetch.js';
export type { ConsoleRequestInit } from './fetch.js';
export { db, dbError } from './db.js';
export { useApi, useDbQuery } from './hooks.js';
export type { DbQuery, DbResult } from './hooks.js';
export { useDbInfinite, type DbPages } from './infinite.js';
export {
  can,
  canOn,
  grantOn,
  isFeatureEnabled,
  useAbout,
  useCan,
  useRefreshWhoami,
  useWhoami,
} from './auth.js';
export type { About, Access, Action, Feature, Resource, ResourceAction, Whoami } from './auth.js';
export { liveEvents } from './live.js';
export type { PlatformEvent, PlatformEventName } from './live.js';
export {
  FALLBACK_POLL_MS,
  useLiveConnected,
  useLivePollInterval,
  useLiveRevalidate,
  useLiveVersion,
} from './live-hooks.js';

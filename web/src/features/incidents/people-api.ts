/**
 * The people the incident pages offer: the comment mentions, the Owner filter and the Commander
 * picker. Commanders, responders and viewers may not read people, so these search the incidents'
 * own read of them (GET /api/incidents/people: id, name and avatar of active persons, by name).
 */
import { useApi } from '../../api/index.js';
import type { PersonRef } from './types.js';

/** How many people the mention picker offers at once. */
export const MENTION_LIMIT = 8;
/** How many people a person picker offers at once: the most the server answers. */
export const PICKER_LIMIT = 50;
/** Spec 2 §9: server-fetched option lists wait 500 ms after the last key. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 500;

export const peoplePath = (q: string, limit: number) =>
  `api/incidents/people?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;

/** People whose name holds `q`, in name order; null asks nothing (the picker is closed). */
export const usePeople = (q: string | null, limit: number) =>
  useApi<PersonRef[]>(q === null ? null : peoplePath(q, limit), { keepPreviousData: true });

/**
 * The responder calls of spec 2 §7 and their SWR keys: the incident's responders with their team
 * and person, adding one (POST /responders?select=*), removing one (a soft delete), and the teams
 * and people the add wizard offers.
 */
import type { ResponderType, TEAM_WITHOUT_TARGET } from '../../../../common/incidents.js';
import { db, type Resource } from '../../api/index.js';
import { incidentKeyPrefix, type PersonRef, type Responder, type TeamRef } from './types.js';

/** A responder as the incident page reads it, with the delivery state the console keeps. */
export interface ResponderWithRefs extends Responder {
  team: (TeamRef & { spec: unknown }) | null;
  person: PersonRef | null;
  /** pending, sent, failed or cancelled for a team's external system; null otherwise. */
  delivery_status?: 'pending' | 'sent' | 'failed' | 'cancelled' | null;
  delivery_error?: string | null;
  delivery_attempts?: number;
}

export interface TeamOption {
  id: string;
  name: string;
  icon: string | null;
  spec: unknown;
}

export interface PersonOption {
  id: string;
  name: string;
  avatar: string | null;
}

/**
 * What the wizard posts: a person (type person), a team with its responder type (type jira,
 * email...: what the changelog names) and fields, or a team with no target (type team, no fields).
 */
export interface NewResponder {
  incident_id: string;
  created_by: string | null;
  type: ResponderType | typeof TEAM_WITHOUT_TARGET;
  team_id: string | null;
  person_id: string | null;
  properties: Record<string, unknown>;
}

/** The whoami resource responders are written under (spec 2 §6), which shares its name with a role. */
// eslint-disable-next-line no-restricted-syntax -- the resource 'responder', not the role
export const RESPONDER_RESOURCE: Resource = 'responder';

export const respondersKey = (incidentId: string) => `${incidentKeyPrefix(incidentId)}responders`;
export const RESPONDER_TEAMS_KEY = 'incidents:responders:teams';
export const RESPONDER_PEOPLE_KEY = 'incidents:responders:people';

export const listResponders = (incidentId: string) =>
  db
    .from('responders')
    .select('*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)')
    .eq('incident_id', incidentId)
    .is('deleted_at', null)
    .order('created_at', { ascending: true })
    .overrideTypes<ResponderWithRefs[], { merge: false }>();

export const listTeams = () =>
  db
    .from('teams')
    .select('id,name,icon,spec')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<TeamOption[], { merge: false }>();

export const listPeople = () =>
  db
    .from('people')
    .select('id,name,avatar')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<PersonOption[], { merge: false }>();

export async function addResponder(responder: NewResponder): Promise<Responder> {
  const { data } = await db
    .from('responders')
    .insert(responder)
    .select('*')
    .overrideTypes<Responder[], { merge: false }>()
    .throwOnError();
  return data[0]!;
}

export async function removeResponder(id: string): Promise<void> {
  await db.from('responders').update({ deleted_at: new Date().toISOString() }).eq('id', id).throwOnError();
}

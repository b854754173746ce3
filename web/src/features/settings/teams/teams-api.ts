import { db } from '../../../api/index.js';
import { createRow, deleteRow, updateRow } from '../../spec-editor/index.js';

/** A team row (spec 3 §3). */
export interface Team {
  id: string;
  name: string;
  icon: string | null;
  spec: unknown;
  /** 'UI' for teams made here; any other source (GitOps) is read-only. */
  source?: string | null;
  created_at: string;
  updated_at?: string | null;
  deleted_at: string | null;
}

export const TEAMS_TABLE = 'teams';

/** What the team form edits. */
export interface TeamFields {
  name: string;
  icon: string | null;
}

export interface Person {
  id: string;
  name: string;
  email: string | null;
}

/** A team_members row with its person embedded (`select=*,person_id(*)`). */
export interface TeamMember {
  team_id: string;
  person_id: Person;
}

// SWR keys, named after the queries they stand for.
export const TEAMS_KEY = 'teams?deleted_at=is.null&order=name.asc';
export const teamKey = (id: string) => `teams?id=eq.${id}`;
export const membersKey = (teamId: string) => `team_members?team_id=eq.${teamId}`;
export const PEOPLE_KEY = 'people?deleted_at=is.null&order=name.asc';

export const listTeams = () =>
  db
    .from('teams')
    .select('*')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<Team[], { merge: false }>();

export const getTeam = (id: string) => db.from('teams').select('*').eq('id', id).maybeSingle<Team>();

export const listMembers = (teamId: string) =>
  db
    .from('team_members')
    .select('*,person_id(*)')
    .eq('team_id', teamId)
    .overrideTypes<TeamMember[], { merge: false }>();

export const listPeople = () =>
  db
    .from('people')
    .select('id,name,email')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<Person[], { merge: false }>();

export async function addMembers(teamId: string, personIds: string[]): Promise<void> {
  const rows = personIds.map((personId) => ({ team_id: teamId, person_id: personId }));
  await db.from('team_members').insert(rows).throwOnError();
}

export async function removeMember(teamId: string, personId: string): Promise<void> {
  await db.from('team_members').delete().eq('team_id', teamId).eq('person_id', personId).throwOnError();
}

/** Spec 3 §2.3's message that the users were added: '2 users added to the team successfully'. */
export function membersAddedMessage(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'} added to the team successfully`;
}

/** Created with source UI and its creator (spec 3 §7). */
export const createTeam = (fields: TeamFields, createdBy: string | null) =>
  createRow<Team>(TEAMS_TABLE, { ...fields }, createdBy);

export const updateTeam = (id: string, changes: Partial<TeamFields> & { spec?: Record<string, unknown> }) =>
  updateRow<Team>(TEAMS_TABLE, id, changes);

/** Soft delete: the team stays with deleted_at now, gone from lists, responders and recipients. */
export const deleteTeam = (id: string) => deleteRow(TEAMS_TABLE, id);

/** The team's spec as the spec editor validates it (the Team schema on the server). */
export const TEAM_SPEC_VALIDATE_PATH = `api/specs/${TEAMS_TABLE}/validate`;

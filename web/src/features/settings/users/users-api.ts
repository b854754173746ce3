import { apiJson } from '../../../api/index.js';
import type { UserFormValues } from './user-form.js';

/** A user as api/people/users answers (spec 3 §3). */
export interface User {
  id: string;
  traits: { name: { first: string; last: string }; email: string | null };
  roles: string[];
  state: 'active' | 'inactive';
  created_at: string;
}

/** The answer of POST api/auth/invite_user: the link to hand to the invited person. */
export interface Invitation {
  link: string;
  user: User;
}

export const USERS_PATH = 'api/people/users';

/** 'Ada Lovelace'; a missing half leaves no stray space. */
export function fullNameOf({ first, last }: { first: string; last: string }): string {
  return [first, last].filter(Boolean).join(' ');
}

const userPath = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

export function inviteUser({ firstName, lastName, email, role }: UserFormValues): Promise<Invitation> {
  return apiJson<Invitation>('api/auth/invite_user', {
    method: 'POST',
    json: { firstName, lastName, email, role },
  });
}

export function updateUser(id: string, values: UserFormValues): Promise<User> {
  const { firstName, lastName, email, role, active } = values;
  return apiJson<User>(userPath(id), {
    method: 'PATCH',
    json: { firstName, lastName, email, role, active },
  });
}

export function deleteUser(id: string): Promise<void> {
  return apiJson<void>(userPath(id), { method: 'DELETE' });
}

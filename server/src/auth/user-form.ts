import type { Role } from '../access/roles.js';
import { HttpError } from '../http/errors.js';
import { userFormErrors } from '../../../common/user-form.js';
import type { Traits } from './identities.js';

/** The user form of spec 3 §5, checked on the server by the rules the UI checks it with. */
export interface UserForm {
  traits: Traits & { email: string };
  role: Role;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form of a body; 422 with the first field's message when a field is wrong. */
export function readUserForm(body: unknown): UserForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const values = {
    firstName: text(fields.firstName),
    lastName: text(fields.lastName),
    email: text(fields.email),
    role: text(fields.role),
  };
  const [problem] = Object.values(userFormErrors(values));
  if (problem) throw new HttpError(422, problem);
  const [first, last, email] = [values.firstName.trim(), values.lastName.trim(), values.email.trim()];
  return { traits: { name: { first, last }, email }, role: values.role as Role };
}

/** A unique-index violation on people's email, as the 409 a person understands. */
export function emailTaken(error: unknown, email: string): HttpError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && String(constraint ?? '').includes('email')
    ? new HttpError(409, `A user with the email ${email} already exists.`)
    : undefined;
}

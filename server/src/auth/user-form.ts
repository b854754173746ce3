import { ROLES, type Role } from '../access/roles.js';
import { HttpError } from '../http/errors.js';
import type { Traits } from './identities.js';

/** The user form of spec 3 §5, checked on the server with the spec's texts. */
export interface UserForm {
  traits: Traits & { email: string };
  role: Role;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH = 200;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function readUserForm(body: unknown): UserForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const [first, last, email] = [text(fields.firstName), text(fields.lastName), text(fields.email)];
  const invalid = (message: string) => new HttpError(422, message);
  if (!first || first.length > MAX_LENGTH) throw invalid('Please provide valid first name');
  if (!last || last.length > MAX_LENGTH) throw invalid('Please provide valid last name');
  if (!email) throw invalid('Please provide valid email');
  if (!emailPattern.test(email) || email.length > MAX_LENGTH)
    throw invalid('Entered value does not match email format');
  if (!ROLES.includes(fields.role as Role)) throw invalid('Please select any role');
  return { traits: { name: { first, last }, email }, role: fields.role as Role };
}

/** A unique-index violation on people's email, as the 409 a person understands. */
export function emailTaken(error: unknown, email: string): HttpError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && String(constraint ?? '').includes('email')
    ? new HttpError(409, `A user with the email ${email} already exists.`)
    : undefined;
}

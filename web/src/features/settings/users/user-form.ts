import type { Whoami } from '../../../api/index.js';
import type { User } from './users-api.js';

/** The role choices, strongest first: the order also picks the role a user is shown with (spec 3 §6). */
export const USER_ROLES = [
  'admin',
  'editor',
  'commander',
  'responder',
  'viewer',
] as const satisfies readonly Whoami['roles'][number][];

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** Empty until one is chosen. */
  role: string;
  /** Only the edit form shows it. */
  active: boolean;
}

export type UserFormField = 'firstName' | 'lastName' | 'email' | 'role';
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** Spec 3 §5. */
export const USER_FORM_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

// The server's pattern: something, '@', something, '.', something, without spaces.
const ADDRESS_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMPTY_USER_FORM: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: '',
  active: true,
};

/** The edit form's starting values: the user as they are, shown with their strongest role. */
export function userFormFrom(user: User): UserFormValues {
  return {
    firstName: user.traits.name.first,
    lastName: user.traits.name.last,
    email: user.traits.email ?? '',
    role: USER_ROLES.find((role) => user.roles.includes(role)) ?? '',
    active: user.state === 'active',
  };
}

/** What is wrong with the form, field by field; empty when it may be sent. */
export function validateUserForm(values: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = USER_FORM_MESSAGES.firstName;
  if (!values.lastName.trim()) errors.lastName = USER_FORM_MESSAGES.lastName;
  const email = values.email.trim();
  if (!email) errors.email = USER_FORM_MESSAGES.email;
  else if (!ADDRESS_LIKE.test(email)) errors.email = USER_FORM_MESSAGES.emailFormat;
  if (!(USER_ROLES as readonly string[]).includes(values.role)) errors.role = USER_FORM_MESSAGES.role;
  return errors;
}

/** The values as they are sent: names and address without surrounding spaces. */
export function trimUserForm(values: UserFormValues): UserFormValues {
  return {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
  };
}

import { ROLES, strongestRole } from '../../../../../common/roles.js';
import { userFormErrors, type UserFormErrors } from '../../../../../common/user-form.js';
import type { User } from './users-api.js';

export { USER_FORM_MESSAGES } from '../../../../../common/user-form.js';
export type { UserFormErrors, UserFormField } from '../../../../../common/user-form.js';

/** The role choices, strongest first: the order also picks the role a user is shown with (spec 3 §6). */
export const USER_ROLES = ROLES;

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** Empty until one is chosen. */
  role: string;
  /** Only the edit form shows it. */
  active: boolean;
}

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
    role: strongestRole(user.roles) ?? '',
    active: user.state === 'active',
  };
}

/** What is wrong with the form, field by field; empty when it may be sent (the server's rules). */
export const validateUserForm = (values: UserFormValues): UserFormErrors => userFormErrors(values);

/** The values as they are sent: names and address without surrounding spaces. */
export function trimUserForm(values: UserFormValues): UserFormValues {
  return {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
  };
}

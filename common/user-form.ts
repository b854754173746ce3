/** The user form of spec 3 §5: the UI checks it as people type, the server before it writes. */
import { isRole } from './roles.js';

export const USER_FORM_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

/** Something, '@', something, '.', something, without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longest name or address accepted. */
export const MAX_USER_FIELD_LENGTH = 200;

export type UserFormField = 'firstName' | 'lastName' | 'email' | 'role';
export type UserFormErrors = Partial<Record<UserFormField, string>>;
export type UserFormInput = Record<UserFormField, string>;

const fits = (text: string) => text !== '' && text.length <= MAX_USER_FIELD_LENGTH;

/**
 * What is wrong with each field, in the form's order; empty when the form may be sent. Names and
 * address are judged without surrounding spaces.
 */
export function userFormErrors(values: UserFormInput): UserFormErrors {
  const [first, last, email] = [values.firstName.trim(), values.lastName.trim(), values.email.trim()];
  const errors: UserFormErrors = {};
  if (!fits(first)) errors.firstName = USER_FORM_MESSAGES.firstName;
  if (!fits(last)) errors.lastName = USER_FORM_MESSAGES.lastName;
  if (!email) errors.email = USER_FORM_MESSAGES.email;
  else if (!EMAIL_PATTERN.test(email) || email.length > MAX_USER_FIELD_LENGTH)
    errors.email = USER_FORM_MESSAGES.emailFormat;
  if (!isRole(values.role)) errors.role = USER_FORM_MESSAGES.role;
  return errors;
}

import { EMPTY_USER_FORM, userFormFrom, validateUserForm, type UserFormValues } from './user-form.js';
import type { User } from './users-api.js';

const valid: UserFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'editor',
  active: true,
};

describe('validateUserForm', () => {
  it('accepts a complete form', () => {
    expect(validateUserForm(valid)).toEqual({});
  });

  it('names every missing field with the spec texts', () => {
    expect(validateUserForm(EMPTY_USER_FORM)).toEqual({
      firstName: 'Please provide valid first name',
      lastName: 'Please provide valid last name',
      email: 'Please provide valid email',
      role: 'Please select any role',
    });
  });

  it('treats blanks as missing', () => {
    expect(validateUserForm({ ...valid, firstName: '  ', lastName: '\t', email: ' ' })).toEqual({
      firstName: 'Please provide valid first name',
      lastName: 'Please provide valid last name',
      email: 'Please provide valid email',
    });
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada lovelace@example.com'])(
    "rejects '%s' as not address-like",
    (email) => {
      expect(validateUserForm({ ...valid, email })).toEqual({
        email: 'Entered value does not match email format',
      });
    },
  );

  it('accepts an address with surrounding spaces', () => {
    expect(validateUserForm({ ...valid, email: ' ada@example.com ' })).toEqual({});
  });

  it('rejects a role that is not one of the known roles', () => {
    expect(validateUserForm({ ...valid, role: 'owner' })).toEqual({ role: 'Please select any role' });
  });
});

describe('userFormFrom', () => {
  const user: User = {
    id: 'u2',
    traits: { name: { first: 'Grace', last: 'Hopper' }, email: null },
    roles: ['viewer', 'editor'],
    state: 'inactive',
    created_at: '2024-01-01T00:00:00Z',
  };

  it('prefills the form, with the strongest role and the state as the switch', () => {
    expect(userFormFrom(user)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: '',
      role: 'editor',
      active: false,
    });
  });

  it('leaves the role empty when the user has none known', () => {
    expect(userFormFrom({ ...user, roles: [] }).role).toBe('');
  });
});

import { MAX_USER_FIELD_LENGTH, USER_FORM_MESSAGES, userFormErrors } from './user-form.js';

const valid = { firstName: ' Ada ', lastName: 'Lovelace', email: ' ada@example.com ', role: 'editor' };

describe('userFormErrors', () => {
  it('finds nothing wrong with a valid form, spaces around included', () => {
    expect(userFormErrors(valid)).toEqual({});
  });

  it("says what is wrong with every field, in the form's order", () => {
    const errors = userFormErrors({ firstName: ' ', lastName: '', email: '', role: 'owner' });
    expect(Object.entries(errors)).toEqual([
      ['firstName', USER_FORM_MESSAGES.firstName],
      ['lastName', USER_FORM_MESSAGES.lastName],
      ['email', USER_FORM_MESSAGES.email],
      ['role', USER_FORM_MESSAGES.role],
    ]);
  });

  it('refuses an address that is not one, and anything too long', () => {
    expect(userFormErrors({ ...valid, email: 'ada@example' })).toEqual({
      email: USER_FORM_MESSAGES.emailFormat,
    });
    const long = 'a'.repeat(MAX_USER_FIELD_LENGTH + 1);
    expect(userFormErrors({ ...valid, firstName: long, email: `${long}@example.com` })).toEqual({
      firstName: USER_FORM_MESSAGES.firstName,
      email: USER_FORM_MESSAGES.emailFormat,
    });
  });
});

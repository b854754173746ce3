import { HttpError } from '../http/errors.js';
import { emailTaken, readUserForm } from './user-form.js';

const valid = { firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', role: 'editor' };

describe('readUserForm', () => {
  it('reads a valid form, trimmed', () => {
    expect(readUserForm(valid)).toEqual({
      traits: { name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@example.com' },
      role: 'editor',
    });
  });

  it.each([
    [{ firstName: '' }, 'Please provide valid first name'],
    [{ firstName: '   ' }, 'Please provide valid first name'],
    [{ lastName: undefined }, 'Please provide valid last name'],
    [{ email: '' }, 'Please provide valid email'],
    [{ email: 'ada.example.com' }, 'Entered value does not match email format'],
    [{ email: 'ada@example' }, 'Entered value does not match email format'],
    [{ role: '' }, 'Please select any role'],
    [{ role: 'owner' }, 'Please select any role'],
  ])('refuses %j with spec 3 §5 text "%s" (422)', (change, message) => {
    let thrown: unknown;
    try {
      readUserForm({ ...valid, ...change });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 422, message });
  });

  it('refuses a body that is no object', () => {
    expect(() => readUserForm(null)).toThrow('Please provide valid first name');
  });
});

describe('emailTaken', () => {
  it('turns the email unique violation into a 409 a person understands', () => {
    expect(emailTaken({ code: '23505', constraint: 'people_email_key' }, 'a@b.c')).toMatchObject({
      status: 409,
      message: 'A user with the email a@b.c already exists.',
    });
    expect(emailTaken({ code: '23505', constraint: 'teams_name_key' }, 'a@b.c')).toBeUndefined();
    expect(emailTaken(new Error('x'), 'a@b.c')).toBeUndefined();
  });
});

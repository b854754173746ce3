import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './credentials.js';

describe('passwordProblem', () => {
  it('accepts a password of 8 to 1024 characters, counted as people count them', () => {
    expect(passwordProblem('x'.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
    expect(passwordProblem('🔑'.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH))).toBeUndefined();
  });

  it('says the bound a password misses', () => {
    expect(passwordProblem('short')).toBe('The password must be at least 8 characters long.');
    expect(passwordProblem(undefined)).toBe('The password must be at least 8 characters long.');
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe(
      'The password must be at most 1024 characters long.',
    );
  });
});

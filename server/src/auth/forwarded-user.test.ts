import {
  decodeHeaderValue,
  encodeHeaderValue,
  forwardedUserHeaders,
  trustsForwarder,
} from './forwarded-user.js';

describe('the forwarded person', () => {
  it('names the person by email, else by local username, else by id, and keeps plain ASCII as it is', () => {
    expect(forwardedUserHeaders({ id: 'f3c1…', email: 'ana@example.com', name: 'Ana Lopez' })).toEqual({
      'x-forwarded-user': 'ana@example.com',
      'x-forwarded-name': 'Ana Lopez',
    });
    expect(forwardedUserHeaders({ id: '1d2e', email: null, name: 'Robot' })['x-forwarded-user']).toBe('1d2e');
    const admin = { id: '1d2e', email: null, username: 'admin', name: 'Admin' };
    expect(forwardedUserHeaders(admin)['x-forwarded-user']).toBe('admin');
    expect(forwardedUserHeaders({ ...admin, email: 'ops@example.com' })['x-forwarded-user']).toBe(
      'ops@example.com',
    );
  });

  it('percent-encodes what a header cannot carry, and reads it back', () => {
    for (const text of ['José Núñez', '50% Ops', 'ana+ops@example.com', '李雷', 'line\nbreak']) {
      const value = encodeHeaderValue(text);
      expect(value).toMatch(/^[\x20-\x7e]*$/);
      expect(decodeHeaderValue(value)).toBe(text);
    }
    expect(encodeHeaderValue('José')).toBe('Jos%C3%A9');
    // Not percent-encoding: taken as it is.
    expect(decodeHeaderValue('100%')).toBe('100%');
  });

  it('trusts only the people named, by email (any case), local username or id', () => {
    const front = { id: '0B6C3A52-3D0E-4F34-9D53-2D5B1C1E7A10', email: 'Front@Example.com' };
    expect(trustsForwarder([], front)).toBe(false);
    expect(trustsForwarder(['front@example.com'], front)).toBe(true);
    expect(trustsForwarder(['0b6c3a52-3d0e-4f34-9d53-2d5b1c1e7a10'], front)).toBe(true);
    expect(trustsForwarder(['other@example.com'], front)).toBe(false);
    expect(trustsForwarder(['other@example.com'], { id: 'x', email: null })).toBe(false);
    expect(trustsForwarder(['front'], { id: 'x', email: null, username: 'front' })).toBe(true);
    expect(trustsForwarder(['front'], { id: 'x', email: null, username: null })).toBe(false);
  });
});

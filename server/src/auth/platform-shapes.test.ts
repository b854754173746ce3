import { permissionsFor } from '../access/roles.js';
import { HttpError } from '../http/errors.js';
import { INVALID_EXPIRY, platformPermissions, tokenExpiry } from './platform-shapes.js';

describe('tokenExpiry', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it("takes the platform's durations from now", () => {
    expect(tokenExpiry('720h', now)).toEqual(new Date('2025-01-31T00:00:00Z'));
    expect(tokenExpiry('30d', now)).toEqual(new Date('2025-01-31T00:00:00Z'));
    expect(tokenExpiry('1w2d', now)).toEqual(new Date('2025-01-10T00:00:00Z'));
    expect(tokenExpiry('1h30m', now)).toEqual(new Date('2025-01-01T01:30:00Z'));
    expect(tokenExpiry('1y', now)).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it("takes the console's dates, and never for null or ''", () => {
    expect(tokenExpiry('2025-03-01T12:00:00Z', now)).toEqual(new Date('2025-03-01T12:00:00Z'));
    expect(tokenExpiry(null, now)).toBeNull();
    expect(tokenExpiry(undefined, now)).toBeNull();
    expect(tokenExpiry('', now)).toBeNull();
  });

  it.each(['soon', '30', 'h', '30 days', '12/01/2025', 42, {}])('refuses %p with 422', (expiry) => {
    expect(() => tokenExpiry(expiry, now)).toThrow(new HttpError(422, INVALID_EXPIRY));
  });
});

describe('platformPermissions', () => {
  it("gives whoever may do everything the platform's `*` on `*`", () => {
    expect(platformPermissions('me', permissionsFor(['admin']), [])).toEqual([
      { subject: 'me', object: '*', action: '*' },
    ]);
  });

  it('lists read, and create, update and delete where the role writes', () => {
    const listed = platformPermissions('me', permissionsFor(['responder']), []);
    const of = (object: string) => listed.filter((p) => p.object === object).map((p) => p.action);
    expect(of('incident')).toEqual(['read', 'create', 'update', 'delete']);
    expect(of('canaries')).toEqual(['read']);
    expect(of('identities')).toEqual([]);
  });

  it('adds each grant and deny, on a global object or one resource', () => {
    const listed = platformPermissions('me', permissionsFor(['viewer']), [
      { action: 'playbook:run', kind: 'object', id: 'playbooks', deny: false },
      { action: 'read', kind: 'config', id: 'c1', deny: true },
    ]);
    expect(listed.slice(-2)).toEqual([
      { subject: 'me', object: 'playbooks', action: 'playbook:run' },
      { subject: 'me', object: 'config:c1', action: 'read', deny: true },
    ]);
  });
});

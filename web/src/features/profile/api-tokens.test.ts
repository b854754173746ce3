import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, expiryFor } from './api-tokens.js';

describe('token expiry', () => {
  const now = new Date('2025-03-01T12:00:00.000Z');

  it('offers 7, 30, 90 days, 1 year and no expiry, 30 days by default', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '1 year',
      'No expiry',
    ]);
    expect(DEFAULT_EXPIRY.label).toBe('30 days');
  });

  it('is now plus the days as an ISO date-time', () => {
    expect(expiryFor(7, now)).toBe('2025-03-08T12:00:00.000Z');
    expect(expiryFor(30, now)).toBe('2025-03-31T12:00:00.000Z');
    expect(expiryFor(365, now)).toBe('2026-03-01T12:00:00.000Z');
  });

  it('is null for no expiry', () => {
    expect(expiryFor(null, now)).toBeNull();
  });
});

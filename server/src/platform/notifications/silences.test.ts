import { readSilenceRequest, RESOURCE_REQUIRED, UNTIL_AFTER_FROM } from './silences.js';

const check = '0b4f3a9e-1a2b-4c3d-8e9f-001122334455';
const now = new Date('2026-11-29T10:00:00Z');

describe('a silence request', () => {
  it('is read with its resource, times and flags', () => {
    expect(
      readSilenceRequest(
        { check_id: check, until: '2026-11-29T12:00:00Z', description: 'deploy', recursive: true },
        now,
      ),
    ).toMatchObject({
      check_id: check,
      canary_id: null,
      from: now,
      until: new Date('2026-11-29T12:00:00Z'),
      description: 'deploy',
      recursive: true,
    });
  });

  it('needs a resource, and an end after its start', () => {
    expect(() => readSilenceRequest({ description: 'x' }, now)).toThrow(RESOURCE_REQUIRED);
    expect(() =>
      readSilenceRequest(
        { check_id: check, from: '2026-11-29T12:00:00Z', until: '2026-11-29T11:00:00Z' },
        now,
      ),
    ).toThrow(UNTIL_AFTER_FROM);
  });

  it('refuses what is not its shape, saying which field', () => {
    expect(() => readSilenceRequest({ check_id: 'nope' }, now)).toThrow('check_id must be a UUID');
    expect(() => readSilenceRequest({ check_id: check, until: 'soon' }, now)).toThrow(
      /^Until must be a time/,
    );
    expect(() => readSilenceRequest({ check_id: check, filter: 'a ==' }, now)).toThrow(
      /^Filter is not valid CEL/,
    );
    expect(() => readSilenceRequest([], now)).toThrow('The body must be a JSON object');
  });
});
